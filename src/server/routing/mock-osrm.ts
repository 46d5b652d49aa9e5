import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lineMiles, type LngLat } from '../../core/providers/along-route.ts';
import { METERS_PER_MILE } from '../../core/geo.ts';

/** Interstate 10 from downtown Houston to downtown San Antonio, a point every 15–30 miles. */
export const I10_HOUSTON_SAN_ANTONIO: LngLat[] = [
  [-95.3698, 29.7604],
  [-95.5594, 29.7842],
  [-95.8244, 29.7858],
  [-96.1572, 29.7808],
  [-96.5397, 29.7066],
  [-96.9039, 29.6819],
  [-97.1081, 29.6877],
  [-97.2978, 29.6944],
  [-97.6475, 29.68],
  [-97.9647, 29.5688],
  [-98.2508, 29.5313],
  [-98.4936, 29.4241],
];

/**
 * How the mock answers: `ok` a route in OSRM's documented shape; `garbage` a 200 that is not one;
 * `error` a 500; `no-route` OSRM's `NoRoute` (400); `slow` after `delayMs`.
 */
export type MockOsrmMode = 'ok' | 'garbage' | 'error' | 'no-route' | 'slow';

/**
 * A local HTTP server answering OSRM's `/route/v1/{profile}/{lng},{lat};{lng},{lat}` with the
 * documented answer (`code`, `routes[].geometry` as GeoJSON, `distance` in metres, `duration`,
 * `legs`, `waypoints`). The route is `lineFor(from, to)`: the line given, for any two points.
 */
export async function startMockOsrm(
  options: {
    line?: LngLat[];
    lineFor?: (from: LngLat, to: LngLat) => LngLat[];
    /** A mode per trip, over the mock's own (the e2e answers garbage for some destinations). */
    modeFor?: (from: LngLat, to: LngLat) => MockOsrmMode | undefined;
    port?: number;
  } = {},
) {
  const state = { mode: 'ok' as MockOsrmMode, delayMs: 5000 };
  const requests: string[] = [];
  const lineFor = options.lineFor ?? ((from: LngLat, to: LngLat) => options.line ?? [from, to]);
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(url.pathname + url.search);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const match = /^\/route\/v1\/[\w-]+\/(-?[\d.]+),(-?[\d.]+);(-?[\d.]+),(-?[\d.]+)$/.exec(
      url.pathname,
    );
    if (!match) return send(400, { code: 'InvalidUrl', message: 'URL string malformed' });
    const [from, to]: LngLat[] = [
      [Number(match[1]), Number(match[2])],
      [Number(match[3]), Number(match[4])],
    ];
    const mode = options.modeFor?.(from!, to!) ?? state.mode;
    if (mode === 'garbage') return send(200, { hello: 'not a route' });
    if (mode === 'error') return send(500, 'Internal Server Error');
    if (mode === 'no-route')
      return send(400, { code: 'NoRoute', message: 'Impossible route between points' });
    const line = lineFor(from!, to!);
    const distance = lineMiles(line) * METERS_PER_MILE;
    const body = {
      code: 'Ok',
      routes: [
        {
          geometry: { type: 'LineString', coordinates: line },
          legs: [
            {
              steps: [],
              summary: 'I 10',
              weight: distance / 25,
              duration: distance / 25,
              distance,
            },
          ],
          weight_name: 'routability',
          weight: distance / 25,
          duration: distance / 25,
          distance,
        },
      ],
      waypoints: [
        { hint: 'a', distance: 0, name: 'Start', location: line[0] },
        { hint: 'b', distance: 0, name: 'End', location: line.at(-1) },
      ],
    };
    if (mode === 'slow') setTimeout(() => send(200, body), state.delayMs).unref();
    else send(200, body);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode(mode: MockOsrmMode, delayMs?: number) {
      state.mode = mode;
      if (delayMs !== undefined) state.delayMs = delayMs;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
