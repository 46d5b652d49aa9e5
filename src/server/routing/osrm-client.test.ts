import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineMiles } from '../../core/providers/along-route.ts';
import { I10_HOUSTON_SAN_ANTONIO, startMockOsrm } from './mock-osrm.ts';
import { createOsrmClient } from './osrm-client.ts';

let osrm: Awaited<ReturnType<typeof startMockOsrm>>;
const HOUSTON = I10_HOUSTON_SAN_ANTONIO[0]!;
const SAN_ANTONIO = I10_HOUSTON_SAN_ANTONIO.at(-1)!;

beforeAll(async () => {
  osrm = await startMockOsrm({ line: I10_HOUSTON_SAN_ANTONIO });
});
afterAll(() => osrm.close());

describe('the OSRM client', () => {
  it('asks for the full GeoJSON route and answers its line and road miles', async () => {
    const client = createOsrmClient({ baseUrl: `${osrm.url}/` });
    const route = await client.route(HOUSTON, SAN_ANTONIO);
    expect(route?.line).toEqual(I10_HOUSTON_SAN_ANTONIO);
    expect(route?.miles).toBeCloseTo(lineMiles(I10_HOUSTON_SAN_ANTONIO), 6);
    expect(osrm.requests.at(-1)).toBe(
      '/route/v1/driving/-95.3698,29.7604;-98.4936,29.4241?overview=full&geometries=geojson',
    );
  });

  it('keeps a route for a while', async () => {
    const client = createOsrmClient({ baseUrl: osrm.url });
    const before = osrm.requests.length;
    await client.route(HOUSTON, [-97, 29.7]);
    await client.route(HOUSTON, [-97, 29.7]);
    expect(osrm.requests.length).toBe(before + 1);
  });

  it.each([
    ['garbage', 'routing answer is not an OSRM route'],
    ['error', 'routing service answered 500'],
    ['no-route', 'routing service answered 400'],
  ] as const)('answers null when the service answers %s', async (mode, reason) => {
    osrm.setMode(mode);
    const reasons: string[] = [];
    const client = createOsrmClient({ baseUrl: osrm.url, onFailure: (r) => reasons.push(r) });
    expect(await client.route(HOUSTON, SAN_ANTONIO)).toBeNull();
    expect(reasons).toEqual([reason]);
    osrm.setMode('ok');
  });

  it('gives up after its timeout', async () => {
    osrm.setMode('slow', 2000);
    const reasons: string[] = [];
    const client = createOsrmClient({
      baseUrl: osrm.url,
      timeoutMs: 200,
      onFailure: (r) => reasons.push(r),
    });
    const started = Date.now();
    expect(await client.route(HOUSTON, SAN_ANTONIO)).toBeNull();
    expect(Date.now() - started).toBeLessThan(1500);
    expect(reasons[0]).toMatch(/^routing service unreachable/);
    osrm.setMode('ok');
  });

  it('answers null when nothing listens there', async () => {
    const client = createOsrmClient({ baseUrl: 'http://127.0.0.1:9' });
    expect(await client.route(HOUSTON, SAN_ANTONIO)).toBeNull();
  });
});
