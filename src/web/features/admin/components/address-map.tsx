import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { textNode } from '#web/lib/map-text.ts';
import { addTiles } from '#web/lib/map-tiles.ts';
import { useText } from '#web/lib/i18n.ts';
import { adminText } from '../text.ts';

/**
 * A small Leaflet map of one address, loaded only when an application has a position.
 */
export default function AddressMap({
  latitude,
  longitude,
  label,
}: {
  latitude: number;
  longitude: number;
  label: string;
}) {
  const t = useText(adminText);
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!element.current) return;
    const map = L.map(element.current, { scrollWheelZoom: false }).setView(
      [latitude, longitude],
      13,
    );
    addTiles(map);
    const marker = L.circleMarker([latitude, longitude], {
      radius: 10,
      color: '#ffffff',
      weight: 3,
      fillColor: '#c2410c',
      fillOpacity: 1,
    })
      .bindTooltip(textNode(label))
      .addTo(map);
    const pin = marker.getElement();
    pin?.setAttribute('role', 'img');
    pin?.setAttribute('aria-label', label);
    pin?.setAttribute('translate', 'no');
    return () => {
      map.remove();
    };
  }, [latitude, longitude, label]);

  return (
    <div
      ref={element}
      role="region"
      aria-label={t('mapOf', { label })}
      className="h-48 overflow-hidden rounded-lg border-2 bg-[#dfe7ee] dark:bg-[#1b2536]"
    />
  );
}
