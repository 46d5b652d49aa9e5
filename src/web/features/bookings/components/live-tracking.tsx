import { Navigation } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { approach } from '#core/bookings/tracking-rules.ts';
import type { TrackingPosition } from '#core/bookings/tracking.ts';
import type { Booking } from '#core/bookings/schemas.ts';
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { useBookingPosition } from '../api/use-bookings.ts';
import { liveText } from '../live-text.ts';

const LiveTrackingMap = lazy(() => import('./live-tracking-map.tsx'));

/** The driver's view of a job in progress: where the provider is, how far, and about when. */
export function LiveTracking({ booking }: { booking: Booking }) {
  const position = useBookingPosition(booking.id, true);
  const destination =
    booking.latitude !== null && booking.longitude !== null
      ? { latitude: booking.latitude, longitude: booking.longitude }
      : null;
  return (
    <ProviderOnMap
      position={position.data ?? null}
      loading={position.isPending}
      destination={destination}
      way={position.data && destination ? approach(position.data, destination) : null}
      businessName={booking.provider.businessName}
    />
  );
}

type Place = Pick<TrackingPosition, 'latitude' | 'longitude'>;

/** The provider's newest position on a map, with how far and how long from the job when known. */
export function ProviderOnMap({
  position,
  loading = false,
  destination,
  way,
  rounded = false,
  businessName,
}: {
  position: Place | null;
  loading?: boolean;
  destination: Place | null;
  way: { miles: number; etaMinutes: number } | null;
  /** The figures are whole miles and 5-minute steps (a share link's). */
  rounded?: boolean;
  businessName: string;
}) {
  const t = useText(liveText);
  const f = useFormat();
  if (!position)
    return (
      <p className="flex items-center gap-2 rounded-xl bg-muted p-3 text-sm" role="status">
        <Navigation className="size-4" aria-hidden />
        {loading ? t('loading') : t('waiting')}
      </p>
    );

  return (
    <section className="grid gap-2" aria-label={t('section')}>
      <p
        className="flex items-center gap-2 text-sm font-semibold"
        role="status"
        data-testid="tracking-summary"
      >
        <Navigation className="size-4 text-primary" aria-hidden />
        {way
          ? rounded
            ? t('aboutAway', { miles: f.number(way.miles), minutes: f.number(way.etaMinutes) })
            : t('away', { distance: f.miles(way.miles), minutes: f.number(way.etaMinutes) })
          : t('shared')}
      </p>
      <Suspense fallback={<div className="h-48 rounded-xl bg-muted" />}>
        <LiveTrackingMap
          position={position}
          destination={destination}
          businessName={businessName}
        />
      </Suspense>
    </section>
  );
}
