import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useText } from '#web/lib/i18n.ts';
import { textNode } from '#web/lib/map-text.ts';
import { addTiles } from '#web/lib/map-tiles.ts';
import { fleetText } from '../text.ts';

export interface FleetMarker {
  technicianId: string;
  name: string;
  latitude: number;
  longitude: number;
}

const DALLAS: L.LatLngTuple = [32.7767, -96.797];
const positionOf = (m: FleetMarker) => `${m.latitude.toFixed(5)},${m.longitude.toFixed(5)}`;

/**
 * Leaflet, loaded with the fleet page: one marker per technician with a position. Markers are
 * kept by technician and moved in place when a position changes; names go in as text nodes.
 */
export default function FleetMap({ markers }: { markers: FleetMarker[] }) {
  const t = useText(fleetText);
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layers = useRef(new Map<string, L.CircleMarker>());
  const fitted = useRef(false);

  useEffect(() => {
    if (!element.current) return;
    const instance = L.map(element.current, { zoomControl: true }).setView(DALLAS, 10);
    addTiles(instance);
    map.current = instance;
    const current = layers.current;
    return () => {
      instance.remove();
      map.current = null;
      current.clear();
      fitted.current = false;
    };
  }, []);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    const seen = new Set<string>();
    for (const m of markers) {
      seen.add(m.technicianId);
      let marker = layers.current.get(m.technicianId);
      if (!marker) {
        const name = textNode(m.name);
        name.setAttribute('translate', 'no');
        marker = L.circleMarker([m.latitude, m.longitude], {
          radius: 10,
          color: '#ffffff',
          weight: 3,
          fillColor: '#ea580c',
          fillOpacity: 1,
          className: 'fleet-marker',
        })
          .bindTooltip(name, { permanent: true, direction: 'top', offset: [0, -8] })
          .addTo(instance);
        layers.current.set(m.technicianId, marker);
      } else marker.setLatLng([m.latitude, m.longitude]);
      const node = marker.getElement();
      node?.setAttribute('data-technician', m.technicianId);
      node?.setAttribute('data-position', positionOf(m));
      node?.setAttribute('aria-label', m.name);
    }
    for (const [id, marker] of layers.current)
      if (!seen.has(id)) {
        marker.remove();
        layers.current.delete(id);
      }
    if (!fitted.current && markers.length > 0) {
      fitted.current = true;
      instance.fitBounds(L.latLngBounds(markers.map((m) => [m.latitude, m.longitude])), {
        padding: [32, 32],
        maxZoom: 14,
      });
    }
  }, [markers]);

  return (
    <div
      ref={element}
      className="h-72 overflow-hidden rounded-xl border-2 bg-[#dfe7ee] md:h-96 dark:bg-[#1b2536]"
      role="region"
      aria-label={t('mapLabel')}
      data-testid="fleet-map"
    />
  );
}
