import { CalendarDays, Clock, MapPin, Truck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Booking } from '#core/bookings/schemas.ts';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { bookingsText } from '../text.ts';

/** The date as booked, not shifted by time zone: noon of that day where the device is. */
const bookedDay = (iso: string) => new Date(`${iso.slice(0, 10)}T12:00:00`);
const dayFormat: Intl.DateTimeFormatOptions = { month: 'short', day: '2-digit', year: 'numeric' };

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
  const t = useText(bookingsText);
  const f = useFormat();
  const label = useLabel();
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm">
      {booking.preferredDate ? (
        <Row term={t('date')} icon={CalendarDays}>
          {f.date(bookedDay(booking.preferredDate), dayFormat)}
        </Row>
      ) : null}
      {booking.preferredTime ? (
        <Row term={t('time')} icon={Clock}>
          {label('preferredTime', booking.preferredTime)}
        </Row>
      ) : null}
      {booking.location ? (
        <Row term={t('location')} icon={MapPin} wide>
          <span translate="no">{booking.location}</span>
        </Row>
      ) : null}
      {booking.vehicleDetails ? (
        <Row term={t('vehicle')} icon={Truck} wide>
          <span translate="no">{booking.vehicleDetails}</span>
        </Row>
      ) : null}
      {booking.description ? (
        <Row term={t('description')} wide>
          <span className="text-muted-foreground" translate="no">
            {booking.description}
          </span>
        </Row>
      ) : null}
    </dl>
  );
}
