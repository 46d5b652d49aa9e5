import { AppError } from '../../../core/errors.ts';
import {
  lineMiles,
  pointAhead,
  prepareRoute,
  ROUTE_AHEAD_DEFAULT_MILES,
  ROUTE_MAX_MILES,
  simplify,
  straightLine,
  type LngLat,
} from '../../../core/providers/along-route.ts';
import type {
  AlongRouteAnswer,
  AlongRouteQuery,
} from '../../../core/providers/along-route-schemas.ts';
import type { Executor } from '../../db/client.ts';
import { locatePlace, type Place } from '../../geo/geocoder.ts';
import { createOsrmClient, type RoutingClient } from '../../routing/osrm-client.ts';
import { alongRouteQuery, findAlongRoute } from './along-route.repository.ts';
import { CELL_COLUMNS, CELL_DEGREES } from './search-cells.ts';

export interface AlongRouteOptions {
  /** An OSRM-compatible service (ROUTING_URL); without one, routes are straight corridors. */
  routingUrl?: string | undefined;
  /** Instead of `routingUrl` (tests). */
  routing?: RoutingClient | null;
  /** Finds a destination typed as text (a city, an address, a ZIP code). */
  locate?: (text: string) => Place | null;
  /** Told when the routing service fails and a route goes straight instead. */
  onRoutingFailure?: (reason: string) => void;
}

const GRID = { degrees: CELL_DEGREES, columns: CELL_COLUMNS };
/** The drawn line may leave the searched line by this much: invisible on a phone's map. */
const DRAWN_TOLERANCE_MILES = 0.02;

export const DESTINATION_NOT_FOUND =
  'Destination not found: enter a ZIP code or a city and state, like San Antonio, TX';
export const ROUTE_TOO_LONG = `The route is longer than ${ROUTE_MAX_MILES} miles: choose a nearer destination`;

/** Search along the route ahead: to a destination, or the next miles along a heading. */
export function createAlongRouteService(db: Executor, options: AlongRouteOptions = {}) {
  const routing =
    options.routing !== undefined
      ? options.routing
      : options.routingUrl
        ? createOsrmClient({
            baseUrl: options.routingUrl,
            ...(options.onRoutingFailure ? { onFailure: options.onRoutingFailure } : {}),
          })
        : null;
  const locate = options.locate ?? locatePlace;

  /** Where the route ends: the destination, or the point `aheadMiles` along the heading. */
  function destinationOf(query: AlongRouteQuery, origin: LngLat): LngLat {
    if (query.headingDegrees !== undefined)
      return pointAhead(
        origin,
        query.headingDegrees,
        query.aheadMiles ?? ROUTE_AHEAD_DEFAULT_MILES,
      );
    if (query.destLat !== undefined && query.destLng !== undefined)
      return [query.destLng, query.destLat];
    const place = locate(query.destination ?? '');
    if (!place)
      throw new AppError('bad_request', DESTINATION_NOT_FOUND, {
        destination: DESTINATION_NOT_FOUND,
      });
    return [place.longitude, place.latitude];
  }

  /** The road route from the routing service, or else the straight line. */
  async function routeOf(origin: LngLat, destination: LngLat) {
    const road = routing ? await routing.route(origin, destination) : null;
    if (road) return { line: road.line, source: 'road' as const };
    return { line: straightLine(origin, destination), source: 'straight' as const };
  }

  async function plan(query: AlongRouteQuery) {
    const origin: LngLat = [query.originLng, query.originLat];
    const { line, source } = await routeOf(origin, destinationOf(query, origin));
    if (lineMiles(line) > ROUTE_MAX_MILES) throw new AppError('bad_request', ROUTE_TOO_LONG);
    const route = prepareRoute(line, query.corridorMiles, GRID);
    return { origin, line, source, route };
  }

  return {
    async search(query: AlongRouteQuery): Promise<AlongRouteAnswer> {
      const { origin, line, source, route } = await plan(query);
      const { items, truncated } = await findAlongRoute(db, route, query, query.limit, origin);
      return {
        routeSource: source,
        route: { type: 'LineString', coordinates: simplify(line, DRAWN_TOLERANCE_MILES) },
        routeMiles: Math.round(route.miles * 10) / 10,
        corridorMiles: query.corridorMiles,
        items,
        truncated,
      };
    },

    /** The statement the search reads providers with, for the whole route (EXPLAIN in tests). */
    async explainable(query: AlongRouteQuery) {
      const { route } = await plan(query);
      return alongRouteQuery(db, route, query);
    },
  };
}

export type AlongRouteService = ReturnType<typeof createAlongRouteService>;
