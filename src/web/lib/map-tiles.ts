import L from 'leaflet';
import { DEFAULT_MAP_TILE_URL } from '#core/map-tiles.ts';

/**
 * OpenStreetMap unless VITE_MAP_TILE_URL says otherwise; set it empty for no tiles at all. The
 * server reads the same variable for the CSP's img-src (core/map-tiles.ts).
 */
const TILE_URL: string = import.meta.env.VITE_MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL;

/** Adds the tile layer, if any; without tiles the markers show on a plain background. */
export function addTiles(map: L.Map) {
  if (!TILE_URL) return;
  L.tileLayer(TILE_URL, {
    maxZoom: 19,
    attribution:
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  }).addTo(map);
}
