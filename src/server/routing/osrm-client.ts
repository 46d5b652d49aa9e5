import { z } from 'zod';
import { METERS_PER_MILE } from '../../core/geo.ts';
import type { LngLat } from '../../core/providers/along-route.ts';

/** A road route: its line ([longitude, latitude] points) and its length in road miles. */
export interface RoadRoute {
  line: LngLat[];
  miles: number;
}

/** Finds the road route between two points, or null when it cannot (the caller goes straight). */
export interface RoutingClient {
  route(from: LngLat, to: LngLat): Promise<RoadRoute | null>;
}

export interface OsrmClientOptions {
  /** The service's address, like http://127.0.0.1:5001 (ROUTING_URL). */
  baseUrl: string;
  timeoutMs?: number;
  /** Told why a route fell back to a straight line. */
  onFailure?: (reason: string) => void;
  fetch?: typeof fetch;
}

const ROUTE_TIMEOUT_MS = 3000;
/** An answer larger than this is not a route we asked for. */
const MAX_ANSWER_BYTES = 8 * 2 ** 20;
const CACHE_ENTRIES = 500;
const CACHE_MS = 10 * 60_000;

const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

/**
 * The parts of OSRM's documented route answer (docs/http.md of osrm-backend, `/route/v1`) this
 * client reads, with `overview=full&geometries=geojson`.
 */
export const osrmRouteAnswerSchema = z.object({
  code: z.literal('Ok'),
  routes: z
    .array(
      z.object({
        /** Metres. */
        distance: z.number().nonnegative(),
        geometry: z.object({
          type: z.literal('LineString'),
          coordinates: z.array(position).min(2),
        }),
      }),
    )
    .min(1),
});

const coordinate = (value: number) => Number(value.toFixed(6));
/** Routes asked again within a few minutes (a driver moving the slider) are answered from memory. */
const cacheKey = (from: LngLat, to: LngLat) =>
  [from[0], from[1], to[0], to[1]].map((v) => v.toFixed(4)).join(',');

/** A client of an OSRM-compatible routing service; every failure answers null. */
export function createOsrmClient(options: OsrmClientOptions): RoutingClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetchRoute = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? ROUTE_TIMEOUT_MS;
  const cache = new Map<string, { at: number; route: RoadRoute }>();
  const fail = (reason: string) => {
    options.onFailure?.(reason);
    return null;
  };

  return {
    async route(from, to) {
      const key = cacheKey(from, to);
      const cached = cache.get(key);
      if (cached && Date.now() - cached.at < CACHE_MS) return cached.route;
      const points = [from, to].map((p) => `${coordinate(p[0])},${coordinate(p[1])}`).join(';');
      const url = `${base}/route/v1/driving/${points}?overview=full&geometries=geojson`;
      let text: string;
      try {
        const response = await fetchRoute(url, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: { accept: 'application/json' },
        });
        text = await response.text();
        if (!response.ok) return fail(`routing service answered ${response.status}`);
      } catch (error) {
        return fail(`routing service unreachable: ${(error as Error).message}`);
      }
      if (text.length > MAX_ANSWER_BYTES) return fail('routing answer too large');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return fail('routing answer is not JSON');
      }
      const answer = osrmRouteAnswerSchema.safeParse(json);
      if (!answer.success) return fail('routing answer is not an OSRM route');
      const best = answer.data.routes[0]!;
      const route: RoadRoute = {
        line: best.geometry.coordinates.map(([lng, lat]) => [lng, lat]),
        miles: best.distance / METERS_PER_MILE,
      };
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(key, { at: Date.now(), route });
      return route;
    },
  };
}
