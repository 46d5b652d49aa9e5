import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROUTE_AHEAD_DEFAULT_MILES,
  ROUTE_CORRIDOR_DEFAULT_MILES,
  ROUTE_CORRIDOR_MAX_MILES,
} from '../../../core/providers/along-route.ts';
import {
  alongRouteAnswerSchema,
  alongRouteQuerySchema,
} from '../../../core/providers/along-route-schemas.ts';
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from '../../../core/providers/search.ts';
import { access } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import type { AlongRouteService } from './along-route.service.ts';

export function alongRouteRoutes(app: FastifyInstance, alongRoute: AlongRouteService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/providers/along-route', {
    config: { access: access.public },
    schema: {
      tags: ['providers'],
      summary: 'Approved providers along the route ahead, nearest along the route first',
      description:
        'From `originLat`/`originLng` to a destination (`destLat`/`destLng`, or `destination`: a ZIP code, ' +
        'a city and state, or an address ending in either), or the next `aheadMiles` (default ' +
        `${ROUTE_AHEAD_DEFAULT_MILES}) along \`headingDegrees\` (0 = north, clockwise). ` +
        'The road route comes from the routing service (ROUTING_URL, OSRM); without one, or when it fails, ' +
        'the route is a straight line and `routeSource` is `straight`. Providers within `corridorMiles` ' +
        `(default ${ROUTE_CORRIDOR_DEFAULT_MILES}, at most ${ROUTE_CORRIDOR_MAX_MILES}) of the route, with the ` +
        "nearby search's filters, sorted by `milesAlongRoute` (then `milesOffRoute`); `distance` is from the origin. " +
        `At most \`limit\` items (default ${SEARCH_DEFAULT_LIMIT}, at most ${SEARCH_MAX_LIMIT}); \`truncated\` says more lie further along. ` +
        '`route` is the searched line as GeoJSON, for the map.',
      querystring: alongRouteQuerySchema,
      response: { 200: alongRouteAnswerSchema, ...errors(400) },
    },
    handler: async (request) => alongRoute.search(request.query),
  });
}
