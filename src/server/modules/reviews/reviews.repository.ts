import { desc, eq } from 'drizzle-orm';
import { reviewerName, type ProviderReview } from '../../../core/reviews/review.ts';
import type { Executor } from '../../db/client.ts';
import { bookings, reviews, users } from '../../db/schema/index.ts';

export async function insertReview(
  db: Executor,
  review: {
    bookingId: string;
    driverId: string;
    providerId: string;
    rating: number;
    comment: string | null;
  },
) {
  const [row] = await db.insert(reviews).values(review).returning();
  return row!;
}

/** The newest reviews of a provider, with the reviewer's first name and last initial only. */
export async function recentReviews(
  db: Executor,
  providerId: string,
  limit = 10,
): Promise<ProviderReview[]> {
  const rows = await db
    .select({ review: reviews, name: users.name, serviceType: bookings.serviceType })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.driverId))
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .where(eq(reviews.providerId, providerId))
    .orderBy(desc(reviews.createdAt))
    .limit(limit);
  return rows.map(({ review, name, serviceType }) => ({
    id: review.id,
    rating: review.rating,
    comment: review.comment,
    driverName: reviewerName(name),
    serviceType,
    createdAt: review.createdAt.toISOString(),
  }));
}
