import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reviews, serviceProviders } from '../../db/schema/index.ts';

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

/** Sets the provider's rating and count from its review rows (call inside the review's transaction). */
export async function refreshProviderRating(db: Executor, providerId: string) {
  const [provider] = await db
    .update(serviceProviders)
    .set({
      rating: sql`(select coalesce(round(avg(${reviews.rating}), 2), 0) from ${reviews} where ${reviews.providerId} = ${providerId})`,
      reviewCount: sql`(select count(*)::int from ${reviews} where ${reviews.providerId} = ${providerId})`,
      updatedAt: new Date(),
    })
    .where(eq(serviceProviders.id, providerId))
    .returning({
      id: serviceProviders.id,
      status: serviceProviders.status,
      rating: serviceProviders.rating,
      reviewCount: serviceProviders.reviewCount,
    });
  return provider!;
}
