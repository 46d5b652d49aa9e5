import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { providerApplicationSchema, providerSchema } from '../../../core/providers/schemas.ts';
import {
  providerDetailsSchema,
  providerResultSchema,
  providerSearchSchema,
} from '../../../core/providers/search.ts';
import { publicUserSchema } from '../../../core/users/schemas.ts';
import { access } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { clientInfo, setSessionCookie } from '../auth/session-cookie.ts';
import type { ProvidersService } from './providers.service.ts';

export function providersRoutes(
  app: FastifyInstance,
  providers: ProvidersService,
  auth: AuthService,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const url of ['/api/providers', '/api/search']) {
    r.get(url, {
      config: { access: access.public },
      schema: {
        tags: ['providers'],
        summary: 'Approved providers, available first, then by rating, then by distance',
        description:
          'With latitude and longitude, only providers within `radius` miles (default 50; great-circle, R = 3959), each with its `distance`. ' +
          '`q` matches business name, description, city and specialties. `is24Hour`/`acceptsAAA` = true keep only those providers.',
        querystring: providerSearchSchema,
        response: { 200: z.array(providerResultSchema), ...errors(400) },
      },
      handler: async (request) => providers.search(request.query),
    });
  }

  r.get('/api/providers/:id', {
    config: { access: access.public },
    schema: {
      tags: ['providers'],
      summary: 'A provider with its recent reviews',
      params: idParams,
      response: { 200: providerDetailsSchema, ...errors(400, 404) },
    },
    handler: async (request) => providers.details(request.params.id, request.user),
  });

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
