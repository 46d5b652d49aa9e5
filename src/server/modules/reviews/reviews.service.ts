import { AppError } from '../../../core/errors.ts';
import type { Review, ReviewInput } from '../../../core/reviews/review.ts';
import { MAX_STARS } from '../../../core/reviews/stars.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { BookingsService, StoredBooking } from '../bookings/index.ts';
import type { NewNotification } from '../notifications/index.ts';
import { refreshProviderRating } from '../providers/index.ts';
import type { WebhookEvents } from '../webhooks/index.ts';
import { insertReview } from './reviews.repository.ts';

/** The provider hears of each new review: the stars, and the comment's start. */
export function reviewNotification(
  booking: StoredBooking,
  rating: number,
  comment: string | undefined,
): NewNotification {
  const quote = comment
    ? ` "${comment.length > 120 ? `${comment.slice(0, 117)}...` : comment}"`
    : '';
  return {
    userId: booking.providerOwnerId,
    type: 'booking_update',
    title: ({ t }) => t('newReview'),
    message: ({ t, label }) =>
      t('newReviewMessage', {
        driver: booking.driver.name,
        service: label('service', booking.serviceType),
        rating,
        stars: MAX_STARS,
        quote,
      }),
    metadata: { bookingId: booking.id, providerId: booking.providerId, category: 'reviews' },
  };
}

export function createReviewsService(
  db: Database,
  events: EventBus,
  bookings: Pick<BookingsService, 'visible' | 'announce'>,
  webhooks?: Pick<WebhookEvents, 'reviewCreated'>,
) {
  return {
    /** Only the booking's driver, only once it is completed, only once; the rating follows in the same transaction. */
    async rate(driver: PublicUser, { bookingId, rating, comment }: ReviewInput): Promise<Review> {
      const booking = await bookings.visible(driver, bookingId);
      if (booking.driverId !== driver.id)
        throw new AppError('forbidden', 'Only the driver of this booking can rate it');
      if (booking.status !== 'completed')
        throw new AppError('conflict', 'Only a completed job can be rated');
      try {
        return await db.transaction(async (tx) => {
          const review = await insertReview(tx, {
            bookingId,
            driverId: driver.id,
            providerId: booking.providerId,
            rating,
            comment: comment || null,
          });
          const provider = await refreshProviderRating(tx, booking.providerId);
          await events.publish(tx, { everyone: true }, { type: 'provider-status', data: provider });
          await bookings.announce(tx, booking, [reviewNotification(booking, rating, comment)]);
          const created = {
            id: review.id,
            bookingId,
            providerId: booking.providerId,
            rating,
            comment: review.comment,
            createdAt: review.createdAt.toISOString(),
          };
          await webhooks?.reviewCreated(tx, created);
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('conflict', 'This job has already been rated');
        throw error;
      }
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
