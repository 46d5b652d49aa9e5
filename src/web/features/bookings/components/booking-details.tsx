import { format } from 'date-fns';
import { CalendarDays, Clock, MapPin, Truck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { preferredTimeLabels } from '#core/bookings/catalog.ts';
import type { Booking } from '#core/bookings/schemas.ts';
import { cn } from '#web/lib/cn.ts';

/** Date like 'Jan 05, 2025' (the date as booked, not shifted by time zone). */
const formatDate = (iso: string) =>
  format(new Date(`${iso.slice(0, 10)}T12:00:00`), 'MMM dd, yyyy');

/** One term and its value; the icon stands for the term, which screen readers read out. */
function Row({
  term,
  icon: Icon,
  wide,
  children,
}: {
  term: string;
  icon?: LucideIcon;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex items-start gap-1.5', wide && 'basis-full')}>
      <dt className={Icon ? 'shrink-0' : 'sr-only'}>
        {Icon ? <Icon className="mt-0.5 size-4 text-muted-foreground" aria-hidden /> : null}
        <span className="sr-only">{term}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** When, where, what vehicle and what is wrong: the same rows on both sides' cards. */
export function BookingDetails({ booking }: { booking: Booking }) {
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm">
      {booking.preferredDate ? (
        <Row term="Date" icon={CalendarDays}>
          {formatDate(booking.preferredDate)}
        </Row>
      ) : null}
      {booking.preferredTime ? (
        <Row term="Time" icon={Clock}>
          {preferredTimeLabels[booking.preferredTime]}
        </Row>
      ) : null}
      {booking.location ? (
        <Row term="Location" icon={MapPin} wide>
          {booking.location}
        </Row>
      ) : null}
      {booking.vehicleDetails ? (
        <Row term="Vehicle" icon={Truck} wide>
          {booking.vehicleDetails}
        </Row>
      ) : null}
      {booking.description ? (
        <Row term="Description" wide>
          <span className="text-muted-foreground">{booking.description}</span>
        </Row>
      ) : null}
    </dl>
  );
}
