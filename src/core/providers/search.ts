import { z } from 'zod';
import { providerStatuses, serviceTypes } from './catalog.ts';
import { hasControlCharacters } from '../validation.ts';
import { providerSchema } from './schemas.ts';

export const SEARCH_DEFAULT_LIMIT = 200;
export const SEARCH_MAX_LIMIT = 1000;
/** The radius when coordinates come without one (SPEC.md §7: 50 whenever a location is known). */
export const SEARCH_DEFAULT_RADIUS_MILES = 50;
export const SEARCH_MAX_RADIUS_MILES = 500;

const flag = z
  .enum(['true', 'false', '1', '0'], { message: 'Expected true or false' })
  .transform((v) => v === 'true' || v === '1');

const number = (label: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a number`)
    .pipe(
      z
        .number()
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${max}`),
    );

/** `status` accepts en_route for enroute, and all (or nothing) for every status. */
const status = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => (v === 'en_route' ? 'enroute' : v))
  .pipe(
    z.enum([...providerStatuses, 'all'], {
      message: 'Status must be available, busy, enroute, offline or all',
    }),
  );

/** The query of GET /api/providers and GET /api/search. */
export const providerSearchSchema = z
  .object({
    latitude: number('Latitude', -90, 90).optional(),
    longitude: number('Longitude', -180, 180).optional(),
    radius: number('Radius', 0.1, SEARCH_MAX_RADIUS_MILES).optional(),
    q: z
      .string()
      .trim()
      .max(100, 'Search text must be at most 100 characters')
      .refine(
        (v) => !hasControlCharacters(v),
        'Search text contains characters that are not allowed',
      )
      .optional(),
    serviceType: z
      .enum([...serviceTypes, 'all'], {
        message: 'Service type must be mobile_mechanic, tire_shop, towing or all',
      })
      .optional(),
    status: status.optional(),
    minRating: number('Minimum rating', 0, 5).optional(),
    minFee: number('Minimum fee', 0, 1_000_000).optional(),
    maxFee: number('Maximum fee', 0, 1_000_000).optional(),
    is24Hour: flag.optional(),
    acceptsAAA: flag.optional(),
    limit: z.coerce
      .number({ message: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(SEARCH_MAX_LIMIT, `Limit must be at most ${SEARCH_MAX_LIMIT}`)
      .default(SEARCH_DEFAULT_LIMIT),
  })
  .refine((v) => (v.latitude === undefined) === (v.longitude === undefined), {
    message: 'Send latitude and longitude together',
    path: ['latitude'],
  })
  .refine((v) => v.minFee === undefined || v.maxFee === undefined || v.minFee <= v.maxFee, {
    message: 'Minimum fee must not be above maximum fee',
    path: ['minFee'],
  });
export type ProviderSearch = z.output<typeof providerSearchSchema>;

/** A search result: the provider and, when the search had coordinates, its distance in miles. */
export const providerResultSchema = providerSchema.extend({ distance: z.number().nullable() });
export type ProviderResult = z.infer<typeof providerResultSchema>;

export const reviewSchema = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  driverName: z.string(),
  serviceType: z.string(),
  createdAt: z.iso.datetime(),
});
export type Review = z.infer<typeof reviewSchema>;

export const providerDetailsSchema = providerSchema.extend({ reviews: z.array(reviewSchema) });
export type ProviderDetails = z.infer<typeof providerDetailsSchema>;

/** Available first, then rating descending, then distance ascending (PRODUCT.md §4). */
export function compareResults(
  a: Pick<ProviderResult, 'status' | 'rating' | 'distance'>,
  b: Pick<ProviderResult, 'status' | 'rating' | 'distance'>,
): number {
  const availability = Number(b.status === 'available') - Number(a.status === 'available');
  if (availability !== 0) return availability;
  if (a.rating !== b.rating) return b.rating - a.rating;
  if (a.distance === b.distance) return 0;
  return (a.distance ?? Infinity) - (b.distance ?? Infinity);
}
