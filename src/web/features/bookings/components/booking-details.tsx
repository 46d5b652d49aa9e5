import { format } from 'date-fns';
import { CalendarDays, Clock, MapPin, Truck } from 'lucide-react';
import { preferredTimeLabels } from '../../../../core/bookings/catalog.ts';
import type { Booking } from '../../../../core/bookings/schemas.ts';

/** Date like 'Jan 05, 2025' (the date as booked, not shifted by time zone). */
const formatDate = (iso: string) =>
  format(new Date(`${iso.slice(0, 10)}T12:00:00`), 'MMM dd, yyyy');

/** When, where, what vehicle and what is wrong: the same rows on both sides' cards. */
export function BookingDetails({ booking }: { booking: Booking }) {
  return (
    <dl className="grid gap-1.5 text-sm">
      {booking.preferredDate || booking.preferredTime ? (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {booking.preferredDate ? (
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4 text-muted-foreground" aria-hidden />
              <dt className="sr-only">Date</dt>
              <dd>{formatDate(booking.preferredDate)}</dd>
            </span>
          ) : null}
          {booking.preferredTime ? (
            <span className="inline-flex items-center gap-1.5">
              <Clock className="size-4 text-muted-foreground" aria-hidden />
              <dt className="sr-only">Time</dt>
              <dd>{preferredTimeLabels[booking.preferredTime]}</dd>
            </span>
          ) : null}
        </div>
      ) : null}
      {booking.location ? (
        <div className="flex items-start gap-1.5">
          <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <dt className="sr-only">Location</dt>
          <dd>{booking.location}</dd>
        </div>
      ) : null}
      {booking.vehicleDetails ? (
        <div className="flex items-start gap-1.5">
          <Truck className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <dt className="sr-only">Vehicle</dt>
          <dd>{booking.vehicleDetails}</dd>
        </div>
      ) : null}
      {booking.description ? (
        <div>
          <dt className="sr-only">Description</dt>
          <dd className="text-muted-foreground">{booking.description}</dd>
        </div>
      ) : null}
    </dl>
  );
}
