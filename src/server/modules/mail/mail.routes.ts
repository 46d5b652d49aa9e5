import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { access } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import { listOutbox } from './mail.service.ts';

const emailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  delivery: z.enum(['outbox', 'sent', 'failed']),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});

export function mailRoutes(app: FastifyInstance, db: Database) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/outbox', {
    config: { access: access.admin },
    schema: {
      tags: ['admin'],
      summary: 'Emails the product sent (the mailbox itself when no SMTP server is configured)',
      querystring: z.object({
        to: z.string().trim().toLowerCase().max(254).optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
      }),
      response: { 200: z.array(emailSchema), ...errors(400, 401, 403) },
    },
    handler: async (request) => listOutbox(db, request.query),
  });
}
