import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fleetQuerySchema, fleetSchema } from '../../../core/fleet/schemas.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import type { FleetService } from './fleet.service.ts';

export function fleetRoutes(app: FastifyInstance, fleet: FleetService) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/fleet', {
    config: { access: access.roles('mechanic', 'dispatcher', 'technician') },
    schema: {
      tags: ['fleet'],
      summary:
        "The fleet dashboard (Enterprise; owner or dispatcher): technicians with position and job, the day's board, the month's figures",
      querystring: fleetQuerySchema,
      response: { 200: fleetSchema, ...errors(400, 401, 403, 404) },
    },
    handler: (request) => fleet.read(currentUser(request), request.query),
  });
}
