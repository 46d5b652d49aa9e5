import { z } from 'zod';
import { COMMENT_MAX, MAX_STARS, MIN_STARS } from './stars.ts';

const starsMessage = `Rating must be ${MIN_STARS} to ${MAX_STARS}`;

/**
 * POST /api/reviews: the driver of a completed job rates it, once: whole stars and an optional
 * comment (stars.ts).
 */
export const reviewInputSchema = z.object({
  bookingId: z.uuid({ message: 'Expected a booking id' }),
  rating: z
    .number()
    .int('Rating must be a whole number of stars')
    .min(MIN_STARS, starsMessage)
    .max(MAX_STARS, starsMessage),
  comment: z
    .string()
    .trim()
    .max(COMMENT_MAX, `Comment must be at most ${COMMENT_MAX} characters`)
    .optional(),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** The review as stored, answered to the driver who wrote it. */
export const reviewSchema = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  providerId: z.uuid(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A review on a provider's page: the reviewer is a first name and a last initial. */
export const providerReviewSchema = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  driverName: z.string(),
  serviceType: z.string(),
  createdAt: z.iso.datetime(),
});
export type ProviderReview = z.infer<typeof providerReviewSchema>;

/** "Jane Q. Driver" is shown as "Jane D.". */
export const reviewerName = (name: string) => {
  const [first, ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]}.` : (first ?? 'Driver');
};
