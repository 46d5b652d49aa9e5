import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxMessageSchema, outboxQuerySchema } from '../../../core/admin/outbox.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database } from '../../db/client.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import { listOutbox } from './mail.service.ts';

export function mailRoutes(
  app: FastifyInstance,
  db: Database,
  /** Records the read in the audit log before the messages leave (docs/decisions/036). */
  recordRead: (admin: PublicUser, what: Record<string, unknown>) => Promise<void>,
) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/outbox', {
    // The outbox holds live reset links: the admin proves it is them again first.
    config: { access: access.admin, stepUp: true },
    schema: {
      tags: ['admin'],
      summary: 'Emails the product sent (the mailbox itself when no SMTP server is configured)',
      querystring: outboxQuerySchema,
      response: { 200: z.array(outboxMessageSchema), ...errors(400, 401, 403) },
    },
    handler: async (request) => {
      await recordRead(currentUser(request), { outbox: true, ...request.query });
      return listOutbox(db, request.query);
    },
  });
}
