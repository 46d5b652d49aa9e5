import { describe, expect, it } from 'vitest';
import { mapTileSource } from './map-tiles.ts';

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
