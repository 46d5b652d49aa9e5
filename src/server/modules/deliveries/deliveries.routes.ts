import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDeliveriesQuerySchema, adminDeliveriesSchema } from '../../../core/deliveries.ts';
import type { Database } from '../../db/client.ts';
import { access } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import { createDeliveriesService } from './deliveries.service.ts';

export function deliveriesRoutes(app: FastifyInstance, db: Database) {
  const service = createDeliveriesService(db);
  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/deliveries', {
    config: { access: access.admin },
    schema: {
      tags: ['admin'],
      summary: 'The delivery log: push (and later email, text) messages, newest first, paged',
      querystring: adminDeliveriesQuerySchema,
      response: { 200: adminDeliveriesSchema, ...errors(400, 401, 403) },
    },
    handler: async (request) => service.list(request.query),
  });
}
