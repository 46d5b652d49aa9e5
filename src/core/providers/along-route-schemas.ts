import { z } from 'zod';
import { hasControlCharacters } from '../validation.ts';
import {
  ROUTE_AHEAD_MAX_MILES,
  ROUTE_CORRIDOR_DEFAULT_MILES,
  ROUTE_CORRIDOR_MAX_MILES,
  ROUTE_CORRIDOR_MIN_MILES,
  routeSources,
} from './along-route.ts';
import {
  boundedNumber,
  limitField,
  providerFiltersSchema,
  providerListItemSchema,
} from './search.ts';

// The nearby search's filters, without its circle (latitude, longitude, radius).
const {
  latitude: _lat,
  longitude: _lng,
  radius: _radius,
  ...filterFields
} = providerFiltersSchema.shape;

/** The query of GET /api/providers/along-route. */
export const alongRouteQuerySchema = z
  .object({
    originLat: boundedNumber('Origin latitude', -90, 90),
    originLng: boundedNumber('Origin longitude', -180, 180),
    destLat: boundedNumber('Destination latitude', -90, 90).optional(),
    destLng: boundedNumber('Destination longitude', -180, 180).optional(),
    /** A city, address or ZIP code the server finds when destLat/destLng are not sent. */
    destination: z
      .string()
      .trim()
      .min(1, 'Destination must not be empty')
      .max(200, 'Destination must be at most 200 characters')
      .refine(
        (v) => !hasControlCharacters(v),
        'Destination contains characters that are not allowed',
      )
      .optional(),
    headingDegrees: boundedNumber('Heading', 0, 360).optional(),
    aheadMiles: boundedNumber('Miles ahead', 1, ROUTE_AHEAD_MAX_MILES).optional(),
    corridorMiles: boundedNumber(
      'Corridor',
      ROUTE_CORRIDOR_MIN_MILES,
      ROUTE_CORRIDOR_MAX_MILES,
    ).default(ROUTE_CORRIDOR_DEFAULT_MILES),
    ...filterFields,
    limit: limitField,
  })
  .superRefine((v, ctx) => {
    if ((v.destLat === undefined) !== (v.destLng === undefined))
      ctx.addIssue({
        code: 'custom',
        message: 'Send destLat and destLng together',
        path: [v.destLat === undefined ? 'destLat' : 'destLng'],
      });
    const ways =
      Number(v.destLat !== undefined || v.destLng !== undefined) +
      Number(v.destination !== undefined) +
      Number(v.headingDegrees !== undefined);
    if (ways === 0)
      ctx.addIssue({
        code: 'custom',
        message: 'Send a destination (destLat and destLng, or destination) or a headingDegrees',
        path: ['destination'],
      });
    if (ways > 1)
      ctx.addIssue({
        code: 'custom',
        message: 'Send one destination or a heading, not both',
        path: [v.headingDegrees !== undefined ? 'headingDegrees' : 'destination'],
      });
    if (v.aheadMiles !== undefined && v.headingDegrees === undefined)
      ctx.addIssue({
        code: 'custom',
        message: 'Miles ahead goes with a heading',
        path: ['aheadMiles'],
      });
    if (v.minFee !== undefined && v.maxFee !== undefined && v.minFee > v.maxFee)
      ctx.addIssue({
        code: 'custom',
        message: 'Minimum fee must not be above maximum fee',
        path: ['minFee'],
      });
  });
export type AlongRouteQuery = z.output<typeof alongRouteQuerySchema>;

/** A GeoJSON LineString: [longitude, latitude] pairs. */
export const routeLineSchema = z.object({
  type: z.literal('LineString'),
  coordinates: z.array(z.tuple([z.number(), z.number()])).min(2),
});
export type RouteLine = z.infer<typeof routeLineSchema>;

/** A list item of the route search: the nearby search's item, with where it lies on the route. */
export const alongRouteItemSchema = providerListItemSchema.extend({
  /** Miles from the start of the route to the point of the route nearest the provider. */
  milesAlongRoute: z.number(),
  /** Miles from the provider to the route. */
  milesOffRoute: z.number(),
});
export type AlongRouteItem = z.infer<typeof alongRouteItemSchema>;

export const alongRouteAnswerSchema = z.object({
  routeSource: z.enum(routeSources),
  route: routeLineSchema,
  routeMiles: z.number(),
  corridorMiles: z.number(),
  /** Providers within the corridor, nearest along the route first; at most `limit`. */
  items: z.array(alongRouteItemSchema),
  /** More providers lie in the corridor beyond the last item. */
  truncated: z.boolean(),
});
export type AlongRouteAnswer = z.infer<typeof alongRouteAnswerSchema>;
