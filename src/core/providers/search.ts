import { z } from 'zod';
import { providerReviewSchema } from '../reviews/review.ts';
import { providerStatuses, serviceTypes } from './catalog.ts';
import { hasControlCharacters } from '../validation.ts';
import { providerSchema } from './schemas.ts';

/** A page of the list: a phone shows a screenful or two; API clients may ask for up to 200. */
export const SEARCH_DEFAULT_LIMIT = 50;
export const SEARCH_MAX_LIMIT = 200;
/** The radius when coordinates come without one (as specified: 50 whenever a location is known). */
export const SEARCH_DEFAULT_RADIUS_MILES = 50;
export const SEARCH_MAX_RADIUS_MILES = 500;

const flag = z
  .enum(['true', 'false', '1', '0'], { message: 'Expected true or false' })
  .transform((v) => v === 'true' || v === '1');

/** A number from a query string, within [min, max], with messages naming the field. */
export const boundedNumber = (label: string, min: number, max: number) =>
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

/**
 * Where the next page starts: the sort key of the last provider of the page before (available,
 * rating, the distance's haversine term when the search has a position, id). Clients pass it back
 * as the opaque `cursor` of the `Link: <…>; rel="next"` address.
 */
export interface SearchCursor {
  available: boolean;
  rating: number;
  /** sin²(Δφ/2) + cos φ₀ cos φ sin²(Δλ/2): monotone in the distance, exact as PostgreSQL computed it. */
  rank: number | null;
  id: string;
}

const cursorKey = z.tuple([
  z.union([z.literal(0), z.literal(1)]),
  z.number().min(0).max(10),
  z.number().min(0).max(1).nullable(),
  z.uuid(),
]);

const toBase64Url = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export const encodeSearchCursor = (cursor: SearchCursor): string =>
  toBase64Url(
    JSON.stringify([cursor.available ? 1 : 0, cursor.rating, cursor.rank, cursor.id.toLowerCase()]),
  );

/** The cursor's sort key, or null for anything this API did not hand out. */
export function decodeSearchCursor(text: string): SearchCursor | null {
  if (!/^[A-Za-z0-9_-]{1,300}$/.test(text)) return null;
  let json: unknown;
  try {
    json = JSON.parse(atob(text.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return null;
  }
  const key = cursorKey.safeParse(json);
  if (!key.success) return null;
  const [available, rating, rank, id] = key.data;
  return { available: available === 1, rating, rank, id: id.toLowerCase() };
}

export const CURSOR_MESSAGE = 'Cursor is not valid: start again from the first page';

/**
 * A search runs at its position rounded to 4 decimals (about 11 m, less than a phone's GPS
 * wobble), so repeated searches from one place share an answer (docs/decisions/023).
 */
export const roundCoordinate = (value: number) => Math.round(value * 1e4) / 1e4;

/** The filters of a search: what the list and its summary counts share. */
const filterFields = {
  latitude: boundedNumber('Latitude', -90, 90).transform(roundCoordinate).optional(),
  longitude: boundedNumber('Longitude', -180, 180).transform(roundCoordinate).optional(),
  radius: boundedNumber('Radius', 0.1, SEARCH_MAX_RADIUS_MILES).optional(),
  q: z
    .string()
    .trim()
    .max(100, 'Search text must be at most 100 characters')
    .refine((v) => !hasControlCharacters(v), 'Search text contains characters that are not allowed')
    .optional(),
  serviceType: z
    .enum([...serviceTypes, 'all'], {
      message: 'Service type must be mobile_mechanic, tire_shop, towing or all',
    })
    .optional(),
  status: status.optional(),
  minRating: boundedNumber('Minimum rating', 0, 5).optional(),
  minFee: boundedNumber('Minimum fee', 0, 1_000_000).optional(),
  maxFee: boundedNumber('Maximum fee', 0, 1_000_000).optional(),
  is24Hour: flag.optional(),
  acceptsAAA: flag.optional(),
};

interface FilterRuleInput {
  latitude?: number | undefined;
  longitude?: number | undefined;
  minFee?: number | undefined;
  maxFee?: number | undefined;
}

const withFilterRules = <T extends z.ZodType<FilterRuleInput>>(schema: T): T =>
  schema
    .refine((v: FilterRuleInput) => (v.latitude === undefined) === (v.longitude === undefined), {
      message: 'Send latitude and longitude together',
      path: ['latitude'],
    })
    .refine(
      (v: FilterRuleInput) =>
        v.minFee === undefined || v.maxFee === undefined || v.minFee <= v.maxFee,
      { message: 'Minimum fee must not be above maximum fee', path: ['minFee'] },
    );

/** The query of GET /api/providers/summary. */
export const providerFiltersSchema = withFilterRules(z.object(filterFields));
export type ProviderFilters = z.output<typeof providerFiltersSchema>;

/** How many items a page of search results holds (the nearby and the along-route searches). */
export const limitField = z.coerce
  .number({ message: 'Limit must be a number' })
  .int('Limit must be a whole number')
  .min(1, 'Limit must be at least 1')
  .max(SEARCH_MAX_LIMIT, `Limit must be at most ${SEARCH_MAX_LIMIT}`)
  .default(SEARCH_DEFAULT_LIMIT);

/** The query of GET /api/providers and GET /api/search. */
export const providerSearchSchema = withFilterRules(
  z.object({
    ...filterFields,
    limit: limitField,
    cursor: z
      .string()
      .transform((text, ctx) => {
        const cursor = decodeSearchCursor(text);
        if (cursor) return cursor;
        ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
        return z.NEVER;
      })
      .optional(),
    /** `card` (the default): what a card and a map marker show; `full`: the whole provider. */
    fields: z.enum(['card', 'full'], { message: 'Fields must be card or full' }).default('card'),
  }),
).refine(
  // A cursor carries a distance exactly when its search had a position.
  (v) => v.cursor === undefined || (v.cursor.rank === null) === (v.latitude === undefined),
  { message: CURSOR_MESSAGE, path: ['cursor'] },
);
export type ProviderSearch = z.output<typeof providerSearchSchema>;

/** A search result: the provider and, when the search had coordinates, its distance in miles. */
export const providerResultSchema = providerSchema.extend({ distance: z.number().nullable() });
export type ProviderResult = z.infer<typeof providerResultSchema>;

/** A search list item: what a card and a map marker show. The rest is on GET /api/providers/{id}. */
export const providerListItemSchema = providerSchema
  .pick({
    id: true,
    businessName: true,
    serviceType: true,
    status: true,
    rating: true,
    reviewCount: true,
    city: true,
    state: true,
    latitude: true,
    longitude: true,
    visitFee: true,
    hourlyRate: true,
    phone: true,
    is24Hour: true,
    acceptsAAA: true,
    profileImage: true,
  })
  .extend({ distance: z.number().nullable() });
export type ProviderListItem = z.infer<typeof providerListItemSchema>;

/** One item of a search answer: the list item's fields always, the others with `fields=full`. */
export const searchAnswerItemSchema = providerResultSchema.partial({
  userId: true,
  description: true,
  address: true,
  zipCode: true,
  email: true,
  website: true,
  certifications: true,
  specialties: true,
  verification: true,
  createdAt: true,
});
export type SearchAnswerItem = z.infer<typeof searchAnswerItemSchema>;

/** GET /api/providers/summary: counts over every provider the same filters find, not one page. */
export const providerSummarySchema = z.object({
  total: z.number().int(),
  available: z.number().int(),
  byServiceType: z.object({
    mobile_mechanic: z.number().int(),
    tire_shop: z.number().int(),
    towing: z.number().int(),
  }),
  acceptsAAA: z.number().int(),
});
export type ProviderSummary = z.infer<typeof providerSummarySchema>;

export const providerDetailsSchema = providerSchema.extend({
  reviews: z.array(providerReviewSchema),
});
export type ProviderDetails = z.infer<typeof providerDetailsSchema>;

type Ranked = Pick<ProviderResult, 'status' | 'rating' | 'distance'> & { id?: string };

/**
 * The list's order: available first, then rating descending, then distance ascending, then id (a
 * stable order for equal ratings and distances) when both have one.
 */
export function compareResults(a: Ranked, b: Ranked): number {
  const availability = Number(b.status === 'available') - Number(a.status === 'available');
  if (availability !== 0) return availability;
  if (a.rating !== b.rating) return b.rating - a.rating;
  if (a.distance !== b.distance) return (a.distance ?? Infinity) - (b.distance ?? Infinity);
  if (a.id === undefined || b.id === undefined || a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}
