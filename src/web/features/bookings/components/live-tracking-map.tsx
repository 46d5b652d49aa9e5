import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { TrackingPosition } from '#core/bookings/tracking.ts';
import { useText } from '#web/lib/i18n.ts';
import { textNode } from '#web/lib/map-text.ts';
import { addTiles } from '#web/lib/map-tiles.ts';
import { liveText } from '../live-text.ts';

/** The business's name on its marker: user content, which stays as it is written. */
function named(name: string) {
  const node = textNode(name);
  node.setAttribute('translate', 'no');
  return node;
}

/** Leaflet, loaded with the first job in progress: the provider's marker moving towards the job. */
export default function LiveTrackingMap({
  position,
  destination,
  businessName,
}: {
  position: Pick<TrackingPosition, 'latitude' | 'longitude'>;
  destination: { latitude: number; longitude: number } | null;
  businessName: string;
}) {
  const t = useText(liveText);
  const jobLocation = t('jobLocation');
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const provider = useRef<L.CircleMarker | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = L.map(element.current, { zoomControl: false }).setView(
      [position.latitude, position.longitude],
      13,
    );
    addTiles(instance);
    if (destination)
      L.circleMarker([destination.latitude, destination.longitude], {
        radius: 9,
        color: '#ffffff',
        weight: 3,
        fillColor: '#2563eb',
        fillOpacity: 1,
      })
        .bindTooltip(textNode(jobLocation))
        .addTo(instance);
    provider.current = L.circleMarker([position.latitude, position.longitude], {
      radius: 11,
      color: '#ffffff',
      weight: 3,
      fillColor: '#ea580c',
      fillOpacity: 1,
      className: 'tracking-marker',
    })
      .bindTooltip(named(businessName))
      .addTo(instance);
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
    };
    // The map is built once; position changes move the marker below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const marker = provider.current;
    const instance = map.current;
    if (!marker || !instance) return;
    marker.setLatLng([position.latitude, position.longitude]);
    marker
      .getElement()
      ?.setAttribute(
        'data-position',
        `${position.latitude.toFixed(5)},${position.longitude.toFixed(5)}`,
      );
    const points: L.LatLngExpression[] = [[position.latitude, position.longitude]];
    if (destination) points.push([destination.latitude, destination.longitude]);
    instance.fitBounds(L.latLngBounds(points), { padding: [28, 28], maxZoom: 15 });
  }, [position, destination]);

  return (
    <div
      ref={element}
      className="h-48 overflow-hidden rounded-xl border-2 bg-[#dfe7ee] dark:bg-[#1b2536]"
      role="img"
      aria-label={t('map', { name: businessName })}
      data-testid="tracking-map"
    />
  );
}
