import { useEffect, useRef, useState } from 'react';
import { milesBetween, type LngLat } from '#core/providers/along-route.ts';

/** Two fixes at least this far apart give a heading (GPS wobble is a few metres). */
const MIN_MOVE_MILES = 0.03;

/** The bearing from one point to another, degrees clockwise from north. */
export function bearing(from: LngLat, to: LngLat): number {
  const rad = Math.PI / 180;
  const [l1, p1, l2, p2] = [from[0] * rad, from[1] * rad, to[0] * rad, to[1] * rad];
  const y = Math.sin(l2 - l1) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(l2 - l1);
  return (Math.atan2(y, x) / rad + 360) % 360;
}

/** The eight directions a driver can pick, by their heading. */
export const directions = [
  { key: 'N', degrees: 0 },
  { key: 'NE', degrees: 45 },
  { key: 'E', degrees: 90 },
  { key: 'SE', degrees: 135 },
  { key: 'S', degrees: 180 },
  { key: 'SW', degrees: 225 },
  { key: 'W', degrees: 270 },
  { key: 'NW', degrees: 315 },
] as const;
export type Direction = (typeof directions)[number]['key'];

/** The nearest of the eight directions to a heading. */
export const directionOf = (degrees: number): Direction =>
  directions[Math.round((((degrees % 360) + 360) % 360) / 45) % 8]!.key;

interface OrientationEvent extends DeviceOrientationEvent {
  webkitCompassHeading?: number;
}

/**
 * The driver's heading while `active`: from two successive position fixes far enough apart, or
 * else the device's compass where it has one (Safari's webkitCompassHeading, or an absolute
 * orientation). Null while neither is known: the driver picks a direction.
 */
export function useHeading(active: boolean): number | null {
  const [heading, setHeading] = useState<number | null>(null);
  const last = useRef<LngLat | null>(null);
  const fromMovement = useRef(false);

  useEffect(() => {
    if (!active) return;
    let watch: number | undefined;
    if ('geolocation' in navigator)
      watch = navigator.geolocation.watchPosition(
        ({ coords }) => {
          const here: LngLat = [coords.longitude, coords.latitude];
          if (
            typeof coords.heading === 'number' &&
            !Number.isNaN(coords.heading) &&
            (coords.speed ?? 0) > 1
          ) {
            fromMovement.current = true;
            setHeading(coords.heading);
          } else if (last.current && milesBetween(last.current, here) >= MIN_MOVE_MILES) {
            fromMovement.current = true;
            setHeading(bearing(last.current, here));
          }
          if (!last.current || milesBetween(last.current, here) >= MIN_MOVE_MILES)
            last.current = here;
        },
        () => undefined,
        { enableHighAccuracy: true, maximumAge: 10_000 },
      );
    const onOrientation = (event: Event) => {
      if (fromMovement.current) return;
      const e = event as OrientationEvent;
      if (typeof e.webkitCompassHeading === 'number') setHeading(e.webkitCompassHeading);
      else if (e.absolute && typeof e.alpha === 'number') setHeading((360 - e.alpha) % 360);
    };
    window.addEventListener('deviceorientationabsolute', onOrientation);
    window.addEventListener('deviceorientation', onOrientation);
    return () => {
      if (watch !== undefined) navigator.geolocation.clearWatch(watch);
      window.removeEventListener('deviceorientationabsolute', onOrientation);
      window.removeEventListener('deviceorientation', onOrientation);
    };
  }, [active]);

  return heading;
}
