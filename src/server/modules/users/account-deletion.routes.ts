import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccountSchema } from '../../../core/users/schemas.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import { withRetryAfter, clearSessionCookie, clientInfo } from '../auth/index.ts';
import type { AccountDeletionService } from './account-deletion.service.ts';

export function accountDeletionRoutes(app: FastifyInstance, deletion: AccountDeletionService) {
  app.withTypeProvider<ZodTypeProvider>().delete('/api/users/me', {
    config: { access: access.signedIn },
    schema: {
      tags: ['users'],
      summary:
        'Delete your own account (password confirmed): personal data removed, sessions ended; jobs done, reviews and payments kept anonymised',
      body: deleteAccountSchema,
      response: { 204: z.null(), ...errors(400, 401, 409, 429) },
    },
    handler: async (request, reply) => {
      await withRetryAfter(reply, () =>
        deletion.deleteOwn(currentUser(request), {
          sessionId: request.sessionId ?? '',
          password: request.body.password,
          client: clientInfo(request),
        }),
      );
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  });
}
