import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAP_TILE_URL,
  DEFAULT_MAP_TILE_URL_DARK,
  mapTiles,
  mapTileSource,
  mapTileSources,
} from './map-tiles.ts';

describe('mapTileSource', () => {
  it('is OpenStreetMap when unset', () => {
    expect(mapTileSource(undefined)).toBe('https://tile.openstreetmap.org');
  });

  it('is nothing for no tiles or tiles from our own origin', () => {
    expect(mapTileSource('')).toBeNull();
    expect(mapTileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
  });

  it('keeps the scheme, host and port of a tile server', () => {
    expect(mapTileSource('http://127.0.0.1:8080/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080');
    expect(mapTileSource('https://Tiles.Example.com/osm/{z}/{x}/{y}.png?key=abc')).toBe(
      'https://tiles.example.com',
    );
  });

  it('turns a subdomain placeholder into a wildcard', () => {
    expect(mapTileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.example.org',
    );
  });

  it.each([
    'tiles.example.com/{z}/{x}/{y}.png',
    'javascript:alert(1)',
    '//evil.example/x',
    "https://a.example' 'unsafe-inline",
  ])('refuses %j', (template) => {
    expect(() => mapTileSource(template)).toThrow(/expected a tile URL/);
  });
});

describe('mapTiles', () => {
  it('is OpenStreetMap by day and CARTO dark at night when nothing is set', () => {
    expect(mapTiles(undefined, undefined)).toEqual({
      light: { url: DEFAULT_MAP_TILE_URL, dimmed: false },
      dark: { url: DEFAULT_MAP_TILE_URL_DARK, dimmed: false },
    });
  });

  it('takes the dark tiles given, or none when set empty', () => {
    const dark = 'https://tiles.example.com/dark/{z}/{x}/{y}.png';
    expect(mapTiles(undefined, dark).dark).toEqual({ url: dark, dimmed: false });
    expect(mapTiles(undefined, '').dark).toEqual({ url: '', dimmed: false });
  });

  it("dims light tiles of one's own at night when no dark ones are given", () => {
    const light = 'https://tiles.example.com/{z}/{x}/{y}.png';
    expect(mapTiles(light, undefined).dark).toEqual({ url: light, dimmed: true });
  });

  it('has no tiles at night either when the light ones are off', () => {
    expect(mapTiles('', undefined)).toEqual({
      light: { url: '', dimmed: false },
      dark: { url: '', dimmed: false },
    });
  });
});

describe('mapTileSources', () => {
  it("lists both themes' tile hosts for the CSP", () => {
    expect(mapTileSources(undefined, undefined)).toEqual([
      'https://tile.openstreetmap.org',
      'https://*.basemaps.cartocdn.com',
    ]);
  });

  it('names each host once, and none for no tiles or our own', () => {
    expect(mapTileSources('https://t.example.com/{z}/{x}/{y}.png', undefined)).toEqual([
      'https://t.example.com',
    ]);
    expect(mapTileSources('', undefined)).toEqual([]);
    expect(mapTileSources('/tiles/{z}/{x}/{y}.png', '/tiles/dark/{z}/{x}/{y}.png')).toEqual([]);
    expect(mapTileSources(undefined, '')).toEqual(['https://tile.openstreetmap.org']);
  });

  it('names the variable at fault', () => {
    expect(() => mapTileSources(undefined, 'javascript:alert(1)')).toThrow(
      /^VITE_MAP_TILE_URL_DARK: expected a tile URL/,
    );
    expect(() => mapTileSources('nope', undefined)).toThrow(/^VITE_MAP_TILE_URL: expected/);
  });
});
