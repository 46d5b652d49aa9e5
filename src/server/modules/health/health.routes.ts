import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import { errors } from '../../http/schemas.ts';
import { access } from '../../http/access.ts';
import { checkHealth } from './health.service.ts';

export function healthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { access: access.public },
    schema: {
      tags: ['health'],
      summary: "Liveness and database check, with each read replica's state",
      response: {
        200: z.object({
          status: z.literal('ok'),
          database: z.enum(['pglite', 'postgres']),
          replicas: z
            .array(
              z.object({
                replica: z.number().int(),
                inUse: z.boolean(),
                lagSeconds: z.number().nullable(),
                problem: z
                  .enum(['unreachable', 'behind', 'not a standby', 'not checked yet'])
                  .optional(),
              }),
            )
            .optional(),
        }),
        ...errors(503),
      },
    },
    handler: () => checkHealth(database, app.reads.status(), app.draining.active),
  });
}
