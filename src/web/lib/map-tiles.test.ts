// @vitest-environment jsdom
import L from 'leaflet';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DEFAULT_MAP_TILE_URL, DEFAULT_MAP_TILE_URL_DARK } from '#core/map-tiles.ts';
import { addTiles } from './map-tiles.ts';
import { resetThemeForTests, setTheme, startTheme } from './theme.ts';

const tileUrls = (map: L.Map) => {
  const urls: string[] = [];
  map.eachLayer((layer) => {
    if (layer instanceof L.TileLayer) urls.push((layer as unknown as { _url: string })._url);
  });
  return urls;
};

beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener() {},
    removeEventListener() {},
  }));
  localStorage.clear();
  resetThemeForTests();
  startTheme();
});
afterEach(() => vi.unstubAllGlobals());

it('shows the tiles of the theme in force and swaps them when it changes', () => {
  const element = document.createElement('div');
  document.body.append(element);
  const map = L.map(element).setView([32.78, -96.8], 10);
  addTiles(map);
  expect(tileUrls(map)).toEqual([DEFAULT_MAP_TILE_URL]);

  setTheme('dark');
  expect(tileUrls(map)).toEqual([DEFAULT_MAP_TILE_URL_DARK]);
  expect(map.attributionControl.getContainer()?.textContent).toMatch(/CARTO/);

  setTheme('light');
  expect(tileUrls(map)).toEqual([DEFAULT_MAP_TILE_URL]);

  map.remove();
  // A removed map no longer follows the theme.
  expect(() => setTheme('dark')).not.toThrow();
  element.remove();
});
