import L from 'leaflet';
import { DEFAULT_MAP_TILE_URL_DARK, mapTiles, type MapTiles } from '#core/map-tiles.ts';
import { currentTheme, onThemeChange, type ResolvedTheme } from './theme.ts';

/**
 * OpenStreetMap by day and CARTO's dark tiles at night unless VITE_MAP_TILE_URL and
 * VITE_MAP_TILE_URL_DARK say otherwise; empty for no tiles at all. The server reads the same
 * variables for the CSP's img-src (core/map-tiles.ts).
 */
const TILES = mapTiles(import.meta.env.VITE_MAP_TILE_URL, import.meta.env.VITE_MAP_TILE_URL_DARK);

const OSM =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const CARTO = `${OSM} &copy; <a href="https://carto.com/attributions">CARTO</a>`;

/** The tile layer of one theme's tiles; null for none. */
function tileLayer(tiles: MapTiles): L.TileLayer | null {
  if (!tiles.url) return null;
  return L.tileLayer(tiles.url, {
    maxZoom: 19,
    attribution: tiles.url === DEFAULT_MAP_TILE_URL_DARK ? CARTO : OSM,
    // styles.css dims light tiles shown at night.
    className: tiles.dimmed ? 'map-tiles-dimmed' : '',
  });
}

/**
 * Adds the tile layer of the theme in force, if any, and swaps it when the theme changes; without
 * tiles the markers show on the map's plain background (styles.css --map-background).
 */
export function addTiles(map: L.Map) {
  let layer: L.TileLayer | null = null;
  const show = (theme: ResolvedTheme) => {
    layer?.remove();
    layer = tileLayer(TILES[theme]);
    layer?.addTo(map);
  };
  show(currentTheme().resolved);
  if (TILES.light.url === TILES.dark.url && TILES.light.dimmed === TILES.dark.dimmed) return;
  const stop = onThemeChange(show);
  map.once('unload', stop);
}
