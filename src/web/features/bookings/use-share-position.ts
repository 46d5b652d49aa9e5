import { useEffect, useState } from 'react';
import { POSITION_INTERVAL_MS } from '#core/bookings/tracking-rules.ts';
import { api } from '#web/api/client.ts';

export type SharingState = 'off' | 'sharing' | 'denied' | 'unsupported' | 'disabled';

/**
 * While the provider has a job in progress and this page is open, their device's position goes
 * to the booking, at most every 10 seconds. It stops when the job ends or the page closes, and
 * never starts while Location Services are off in Settings (`enabled` false).
 */
export function useSharePosition(bookingId: string | null, enabled: boolean): SharingState {
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  // The state of the job it was reported for, so another job starts from 'off'.
  const [report, setReport] = useState<{ bookingId: string; state: SharingState } | null>(null);

  useEffect(() => {
    if (!bookingId || !supported || !enabled) return;
    const setState = (state: SharingState) => setReport({ bookingId, state });
    let lastSent = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    let latest: GeolocationCoordinates | null = null;
    const send = () => {
      pending = undefined;
      if (!latest) return;
      lastSent = Date.now();
      const { latitude, longitude, accuracy } = latest;
      api
        .put('/bookings/{id}/position', {
          params: { path: { id: bookingId } },
          body: { latitude, longitude, accuracy },
        })
        .catch(() => undefined);
    };
    const watch = navigator.geolocation.watchPosition(
      ({ coords }) => {
        latest = coords;
        setState('sharing');
        const wait = lastSent + POSITION_INTERVAL_MS - Date.now();
        if (wait <= 0) send();
        else pending ??= setTimeout(send, wait);
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) setState('denied');
      },
      { enableHighAccuracy: true, maximumAge: 5_000 },
    );
    return () => {
      navigator.geolocation.clearWatch(watch);
      clearTimeout(pending);
    };
  }, [bookingId, supported, enabled]);

  if (!bookingId) return 'off';
  if (!enabled) return 'disabled';
  if (!supported) return 'unsupported';
  return report?.bookingId === bookingId ? report.state : 'off';
}
