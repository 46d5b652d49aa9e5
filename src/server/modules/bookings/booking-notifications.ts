import { bookingStatusLabels, type BookingStatus } from '../../../core/bookings/catalog.ts';
import type { BookingActor } from '../../../core/bookings/rules.ts';
import type { NewNotification } from '../notifications/index.ts';
import type { StoredBooking } from './bookings.repository.ts';
import { besideTraffic, urgencyLabels } from '../../../core/bookings/safety.ts';

/**
 * Who hears about a booking event (docs/product.md): the provider when a booking is requested or
 * the driver cancels; the driver when the provider confirms, starts, completes or cancels.
 */
export function bookingNotifications(
  booking: StoredBooking,
  event: 'requested' | BookingStatus,
  by: BookingActor,
  reason?: string,
): NewNotification[] {
  const metadata = {
    bookingId: booking.id,
    providerId: booking.providerId,
    category: 'booking_updates' as const,
  };
  const business = booking.provider.businessName;
  const service = booking.serviceType;
  const toProvider = (title: string, message: string): NewNotification => ({
    userId: booking.providerOwnerId,
    type: 'booking_update',
    title,
    message,
    metadata,
  });
  const toDriver = (
    title: string,
    message: string,
    type: NewNotification['type'] = 'booking_update',
  ): NewNotification => ({
    userId: booking.driverId,
    type,
    title,
    message,
    metadata,
  });

  // An admin stepping in tells both sides what changed and why.
  if (by === 'admin' && event !== 'requested') {
    const label = bookingStatusLabels[event];
    const why = reason ? ` Reason: ${reason}` : '';
    return [
      toDriver(
        'Booking updated by Truck Finder',
        `Your ${service} booking with ${business} is now ${label}.${why}`,
      ),
      toProvider(
        'Booking updated by Truck Finder',
        `The ${service} booking for ${booking.driver.name} is now ${label}.${why}`,
      ),
    ];
  }

  switch (event) {
    case 'requested':
      return [
        {
          ...toProvider(
            besideTraffic(booking.truckLocation) ? 'Urgent booking request' : 'New booking request',
            `${booking.driver.name} requested ${service}${booking.location ? ` at ${booking.location}` : ''}.${urgency(booking)}`,
          ),
          metadata: {
            ...metadata,
            category: 'job_requests',
            ...(besideTraffic(booking.truckLocation) ? { urgent: true } : {}),
          },
        },
      ];
    case 'confirmed':
      return [toDriver('Booking confirmed', `${business} confirmed your ${service} request.`)];
    case 'in_progress':
      return [toDriver('Job started', `${business} is working on your ${service} request.`)];
    case 'completed':
      return [
        toDriver(
          'Job completed',
          `${business} completed your ${service}. How did it go? Rate the service.`,
          'review_request',
        ),
      ];
    case 'cancelled': {
      const notes: NewNotification[] = [];
      if (by !== 'driver')
        notes.push(toDriver('Booking cancelled', `${business} cancelled your ${service} request.`));
      if (by !== 'provider')
        notes.push(
          toProvider(
            'Booking cancelled',
            `${booking.driver.name} cancelled the ${service} request.`,
          ),
        );
      return notes;
    }
    case 'pending':
      return [
        toDriver('Booking reopened', `Your ${service} request with ${business} is pending again.`),
      ];
  }
}

/** " Truck on the shoulder." for a truck next to moving traffic, else nothing. */
const urgency = ({ truckLocation }: StoredBooking) => {
  const label = truckLocation ? urgencyLabels[truckLocation] : undefined;
  return label ? ` ${label}.` : '';
};

/**
 * The driver hears when the provider sets off (with the rough ETA a share link shows) and when
 * they arrive; docs/product.md, "Who hears about what".
 */
export function approachNotification(
  booking: StoredBooking,
  event: 'en_route' | 'arrived',
  etaMinutes: number | null,
): NewNotification {
  const business = booking.provider.businessName;
  const metadata = {
    bookingId: booking.id,
    providerId: booking.providerId,
    category: 'booking_updates' as const,
    kind: event,
  };
  if (event === 'arrived')
    return {
      userId: booking.driverId,
      type: 'booking_update',
      title: 'Your mechanic has arrived',
      message: `${business} has arrived for your ${booking.serviceType} job.`,
      metadata,
    };
  const away = etaMinutes ? `, about ${etaMinutes} min away` : '';
  return {
    userId: booking.driverId,
    type: 'booking_update',
    title: 'Your mechanic is on the way',
    message: `${business} is on the way to your ${booking.serviceType} job${away}.`,
    metadata: etaMinutes ? { ...metadata, etaMinutes } : metadata,
  };
}
