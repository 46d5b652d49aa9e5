import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp } from '../test/test-app.ts';

/** The img-src directive of a CSP header, as its list of sources. */
function imgSrc(csp: unknown): string[] {
  const directive = String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('img-src '));
  return directive?.split(/\s+/).slice(1) ?? [];
}

describe('CSP img-src', () => {
  const apps: Awaited<ReturnType<typeof createTestApp>>[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  it('allows images from our origin, data:, blob: and the map tile host only', async () => {
    const t = await createTestApp();
    apps.push(t);
    const response = await t.api({ method: 'GET', url: '/api/health' });
    expect(imgSrc(response.headers['content-security-policy'])).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
      'https://*.basemaps.cartocdn.com',
    ]);
  });

  it('names no tile host when the map has no tiles', async () => {
    const t = await createTestApp({
      mapTileOrigins: loadConfig({ VITE_MAP_TILE_URL: '' }).mapTileOrigins,
    });
    apps.push(t);
    const response = await t.api({ method: 'GET', url: '/api/health' });
    expect(imgSrc(response.headers['content-security-policy'])).toEqual([
      "'self'",
      'data:',
      'blob:',
    ]);
  });

  it('reads the tile hosts of both themes, as the web app does', () => {
    expect(loadConfig({}).mapTileOrigins).toEqual([
      'https://tile.openstreetmap.org',
      'https://*.basemaps.cartocdn.com',
    ]);
    expect(
      loadConfig({ VITE_MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png' })
        .mapTileOrigins,
    ).toEqual(['https://*.tiles.example.com']);
    expect(() => loadConfig({ VITE_MAP_TILE_URL_DARK: 'nope' })).toThrow(/VITE_MAP_TILE_URL_DARK/);
    expect(() => loadConfig({ VITE_MAP_TILE_URL: 'tiles.example.com/{z}/{x}/{y}.png' })).toThrow(
      /VITE_MAP_TILE_URL/,
    );
  });
});
