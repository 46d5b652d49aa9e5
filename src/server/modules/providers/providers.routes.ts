import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { providerApplicationSchema, providerSchema } from '../../../core/providers/schemas.ts';
import { publicUserSchema } from '../../../core/users/schemas.ts';
import { access } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { clientInfo, setSessionCookie } from '../auth/session-cookie.ts';
import type { ProvidersService } from './providers.service.ts';

export function providersRoutes(
  app: FastifyInstance,
  providers: ProvidersService,
  auth: AuthService,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/provider-applications', {
    config: { access: access.public },
    schema: {
      tags: ['providers'],
      summary:
        'Apply as a service provider: creates the mechanic account (signed in) and a provider awaiting verification',
      body: providerApplicationSchema,
      response: {
        201: z.object({ user: publicUserSchema, provider: providerSchema }),
        ...errors(400, 409),
      },
    },
    handler: async (request, reply) => {
      const created = await providers.apply(request.body);
      const session = await auth.startSession(created.user, clientInfo(request));
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return reply.status(201).send(created);
    },
  });
}
