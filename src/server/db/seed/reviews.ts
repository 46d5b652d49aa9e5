import { sql } from 'drizzle-orm';
import { preferredTimes } from '../../../core/bookings/catalog.ts';
import { bookings, reviews, serviceProviders } from '../schema/index.ts';
import { demoBooking, type NewBooking } from './bookings.ts';
import { reviewComments } from './demo-providers.ts';
import type { DemoProvider } from './providers.ts';
import { DAY, type SeedContext } from './random.ts';

/**
 * Past jobs with real reviews (3 to 12 per business, from the demo drivers): each provider's
 * rating and count come from these rows.
 */
export async function seedReviewedJobs(
  ctx: SeedContext,
  providers: DemoProvider[],
  drivers: { id: string }[],
) {
  const { tx, now, next, pick } = ctx;
  const booking = demoBooking(ctx);
  const reviewed: { booking: NewBooking; rating: number; comment: string; at: number }[] = [];
  for (const p of providers) {
    const count = 3 + Math.floor(next() * 10);
    const skill = 0.55 + next() * 0.4;
    for (let k = 0; k < count; k++) {
      const roll = next();
      const rating =
        roll < skill ? 5 : roll < skill + 0.3 ? 4 : roll < skill + 0.4 ? 3 : roll < 0.97 ? 2 : 1;
      const daysAgo = 7 + Math.floor(next() * 170);
      const visit = p.visitFee;
      reviewed.push({
        booking: booking(p, pick(drivers).id, 'completed', -daysAgo, pick(preferredTimes), {
          actualCost: visit + Math.round((p.hourlyRate ?? 0) * (1 + Math.floor(next() * 3))),
        }),
        rating,
        // Cycle through the comments so one provider's page does not repeat itself.
        comment: reviewComments[rating]![(k + reviewed.length) % reviewComments[rating]!.length]!,
        at: now - (daysAgo - 1) * DAY,
      });
    }
  }
  const pastBookings = await tx
    .insert(bookings)
    .values(reviewed.map((r) => r.booking))
    .returning();
  await tx.insert(reviews).values(
    pastBookings.map((b, i) => ({
      bookingId: b.id,
      driverId: b.driverId,
      providerId: b.providerId,
      rating: reviewed[i]!.rating,
      comment: reviewed[i]!.comment,
      createdAt: new Date(reviewed[i]!.at),
    })),
  );
  await tx.execute(sql`
    update ${serviceProviders} sp
    set rating = r.avg_rating, review_count = r.n
    from (select provider_id, round(avg(rating), 2) as avg_rating, count(*)::int as n from ${reviews} group by provider_id) r
    where r.provider_id = sp.id`);

  return pastBookings.length;
}
