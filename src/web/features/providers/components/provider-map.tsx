import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import type { ProviderListItem } from '#core/providers/search.ts';
import { textNode } from '#web/lib/map-text.ts';
import { addTiles } from '#web/lib/map-tiles.ts';
import { statusLook } from '../status.ts';
import type { Position } from '../use-driver-location.ts';
import { ProviderCard } from './provider-card.tsx';

const US_CENTER: L.LatLngExpression = [39.5, -98.35];

/** Leaflet, loaded only when the map is opened: markers coloured by status, the driver, tap for the card. */
export default function ProviderMap({
  providers,
  position,
}: {
  providers: ProviderListItem[];
  position: Position | null;
}) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = L.map(element.current, {
      zoomControl: true,
      attributionControl: true,
    }).setView(US_CENTER, 4);
    addTiles(instance);
    map.current = instance;
    layer.current = L.layerGroup().addTo(instance);
    return () => {
      instance.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = map.current;
    const group = layer.current;
    if (!instance || !group) return;
    group.clearLayers();
    const points: L.LatLngExpression[] = [];
    for (const provider of providers) {
      if (provider.latitude === null || provider.longitude === null) continue;
      const look = statusLook(provider.status);
      const marker = L.circleMarker([provider.latitude, provider.longitude], {
        radius: 11,
        color: '#ffffff',
        weight: 3,
        fillColor: look.color,
        fillOpacity: 1,
        className: 'provider-marker',
      })
        .bindTooltip(textNode(`${provider.businessName} · ${look.label}`))
        .on('click', () => setSelectedId(provider.id));
      marker.addTo(group);
      const path = marker.getElement();
      path?.setAttribute('role', 'button');
      path?.setAttribute('aria-label', `${provider.businessName}, ${look.label}`);
      path?.setAttribute('data-provider-id', provider.id);
      points.push([provider.latitude, provider.longitude]);
    }
    if (position) {
      L.circleMarker([position.latitude, position.longitude], {
        radius: 9,
        color: '#ffffff',
        weight: 3,
        fillColor: '#2563eb',
        fillOpacity: 1,
      })
        .bindTooltip(textNode('You are here'))
        .addTo(group)
        .getElement()
        ?.setAttribute('aria-label', 'Your position');
      points.push([position.latitude, position.longitude]);
    }
    if (points.length > 0)
      instance.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 13 });
  }, [providers, position]);

  const selected = providers.find((p) => p.id === selectedId);
  return (
    <div className="grid gap-3">
      <div
        ref={element}
        className="h-[60dvh] min-h-80 overflow-hidden rounded-xl border-2 bg-[#dfe7ee] dark:bg-[#1b2536]"
        role="region"
        aria-label="Map of providers"
        data-testid="provider-map"
      />
      <p className="flex flex-wrap gap-3 text-xs font-semibold text-muted-foreground" aria-hidden>
        {(['available', 'busy', 'enroute', 'offline'] as const).map((status) => (
          <span key={status} className="inline-flex items-center gap-1">
            <span
              className="size-3 rounded-full"
              style={{ backgroundColor: statusLook(status).color }}
            />
            {statusLook(status).label}
          </span>
        ))}
        <span className="inline-flex items-center gap-1">
          <span className="size-3 rounded-full bg-blue-600" />
          You
        </span>
      </p>
      {selected ? (
        <ProviderCard provider={selected} />
      ) : (
        <p className="text-sm text-muted-foreground">Tap a marker to see the provider.</p>
      )}
    </div>
  );
}
