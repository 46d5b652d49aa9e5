import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import type { ProviderListItem } from '#core/providers/search.ts';
import { textOf, useLanguage, useText } from '#web/lib/i18n.ts';
import { textNode } from '#web/lib/map-text.ts';
import { addTiles } from '#web/lib/map-tiles.ts';
import { statusLook } from '../status-look.ts';
import { useStatusText } from '../status.ts';
import { providersText } from '../text.ts';
import type { Position } from '../use-driver-location.ts';
import { ProviderCard } from './provider-card.tsx';
import { drawRouteLine } from '../route/route-line.ts';

const US_CENTER: L.LatLngExpression = [39.5, -98.35];

/** A marker's tooltip: the business name as user content, then its status. */
function tooltip(name: string, status: string): HTMLElement {
  const node = document.createElement('span');
  const own = textNode(name);
  own.translate = false;
  node.append(own, ` · ${status}`);
  return node;
}

/** Leaflet, loaded only when the map is opened: markers coloured by status, the driver, tap for the card. */
export default function ProviderMap({
  providers,
  position,
  route = null,
}: {
  providers: ProviderListItem[];
  position: Position | null;
  /** The route of a search along it, drawn under the markers. */
  route?: { coordinates: number[][] } | null;
}) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const t = useText(providersText);
  const statusText = useStatusText();
  const language = useLanguage();

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
    if (!instance || !route) return;
    return drawRouteLine(instance, route);
  }, [route]);

  useEffect(() => {
    const instance = map.current;
    const group = layer.current;
    if (!instance || !group) return;
    group.clearLayers();
    // Read at run time: the catalog is loaded (this component rendered), `language` reruns it.
    const text = textOf(providersText);
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
        .bindTooltip(tooltip(provider.businessName, text(look.labelKey)))
        .on('click', () => setSelectedId(provider.id));
      marker.addTo(group);
      const path = marker.getElement();
      path?.setAttribute('role', 'button');
      path?.setAttribute(
        'aria-label',
        text('markerLabel', { name: provider.businessName, status: text(look.labelKey) }),
      );
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
        .bindTooltip(textNode(text('youAreHere')))
        .addTo(group)
        .getElement()
        ?.setAttribute('aria-label', text('yourPosition'));
      points.push([position.latitude, position.longitude]);
    }
    if (points.length > 0)
      instance.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 13 });
  }, [providers, position, language]);

  const selected = providers.find((p) => p.id === selectedId);
  return (
    <div className="grid gap-3">
      <div
        ref={element}
        className="h-[60dvh] min-h-80 overflow-hidden rounded-xl border-2 bg-[#dfe7ee] dark:bg-[#1b2536]"
        role="region"
        aria-label={t('mapOfProviders')}
        data-testid="provider-map"
      />
      <p className="flex flex-wrap gap-3 text-xs font-semibold text-muted-foreground" aria-hidden>
        {(['available', 'busy', 'enroute', 'offline'] as const).map((status) => (
          <span key={status} className="inline-flex items-center gap-1">
            <span
              className="size-3 rounded-full"
              style={{ backgroundColor: statusLook(status).color }}
            />
            {statusText(status).label}
          </span>
        ))}
        <span className="inline-flex items-center gap-1">
          <span className="size-3 rounded-full bg-blue-600" />
          {t('you')}
        </span>
      </p>
      {selected ? (
        <ProviderCard provider={selected} />
      ) : (
        <p className="text-sm text-muted-foreground">{t('tapMarker')}</p>
      )}
    </div>
  );
}
