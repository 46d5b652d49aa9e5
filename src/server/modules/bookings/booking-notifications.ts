import type { BookingStatus } from '../../../core/bookings/catalog.ts';
import type { BookingActor } from '../../../core/bookings/rules.ts';
import type { Localized, ServerText, TextKey } from '../../i18n/index.ts';
import type { NewNotification } from '../notifications/index.ts';
import type { StoredBooking } from './bookings.repository.ts';
import { besideTraffic } from '../../../core/bookings/safety.ts';

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
  const driver = booking.driver.name;
  const service = booking.serviceType;
  // The texts of each side, in its reader's language (the service by its name there).
  const say =
    (key: TextKey, values: Record<string, string> = {}) =>
    ({ t, label }: ServerText) =>
      t(key, { business, driver, service: label('service', service), ...values });
  const toProvider = (title: Localized, message: Localized): NewNotification => ({
    userId: booking.providerOwnerId,
    type: 'booking_update',
    title,
    message,
    metadata,
  });
  const toDriver = (
    title: Localized,
    message: Localized,
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
    const update =
      (key: 'bookingUpdatedToDriver' | 'bookingUpdatedToProvider'): Localized =>
      (text) =>
        say(key, {
          status: text.label('bookingStatus', event),
          why: reason ? text.t('adminReason', { reason }) : '',
        })(text);
    const title = say('bookingUpdatedByAdmin');
    return [
      toDriver(title, update('bookingUpdatedToDriver')),
      toProvider(title, update('bookingUpdatedToProvider')),
    ];
  }

  switch (event) {
    case 'requested':
      return [
        {
          ...toProvider(
            say(
              besideTraffic(booking.truckLocation) ? 'urgentBookingRequest' : 'newBookingRequest',
            ),
            (text) =>
              say('bookingRequested', {
                place: booking.location ? text.t('atPlace', { place: booking.location }) : '',
                urgency: urgency(booking, text),
              })(text),
          ),
          metadata: {
            ...metadata,
            category: 'job_requests',
            ...(besideTraffic(booking.truckLocation) ? { urgent: true } : {}),
          },
        },
      ];
    case 'confirmed':
      return [toDriver(say('bookingConfirmed'), say('bookingConfirmedMessage'))];
    case 'in_progress':
      return [toDriver(say('jobStarted'), say('jobStartedMessage'))];
    case 'completed':
      return [toDriver(say('jobCompleted'), say('jobCompletedMessage'), 'review_request')];
    case 'cancelled': {
      const notes: NewNotification[] = [];
      if (by !== 'driver')
        notes.push(toDriver(say('bookingCancelled'), say('bookingCancelledByProvider')));
      if (by !== 'provider')
        notes.push(toProvider(say('bookingCancelled'), say('bookingCancelledByDriver')));
      return notes;
    }
    case 'pending':
      return [toDriver(say('bookingReopened'), say('bookingReopenedMessage'))];
  }
}

/** " Truck on the shoulder." for a truck next to moving traffic, else nothing. */
const urgency = ({ truckLocation }: StoredBooking, { label }: ServerText) => {
  const text = truckLocation ? label('urgency', truckLocation) : undefined;
  return text && text !== truckLocation ? ` ${text}.` : '';
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
  const values = (text: ServerText) => ({
    business,
    service: text.label('service', booking.serviceType),
  });
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
      title: ({ t }) => t('mechanicArrived'),
      message: (text) => text.t('mechanicArrivedMessage', values(text)),
      metadata,
    };
  return {
    userId: booking.driverId,
    type: 'booking_update',
    title: ({ t }) => t('mechanicOnTheWay'),
    message: (text) =>
      text.t('mechanicOnTheWayMessage', {
        ...values(text),
        away: etaMinutes ? text.t('minutesAway', { minutes: etaMinutes }) : '',
      }),
    metadata: etaMinutes ? { ...metadata, etaMinutes } : metadata,
  };
}
