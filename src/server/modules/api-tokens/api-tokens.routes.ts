import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiTokenSchema,
  createApiTokenInput,
  createdApiTokenSchema,
} from '../../../core/integrations/api-tokens.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import type { ApiTokensService } from './api-tokens.service.ts';

/**
 * The business owner's API tokens (docs/api.md, "API tokens"). Sessions only: no route here has
 * a `scope`, so a token can never manage tokens.
 */
export function apiTokensRoutes(app: FastifyInstance, tokens: ApiTokensService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/api-tokens', {
    // A token opens the business's data to a program: like a second factor, it needs a fresh proof.
    config: { access: access.roles('mechanic'), stepUp: true },
    schema: {
      tags: ['api-tokens'],
      summary:
        'Create an API token (the business owner, Enterprise; needs a step-up). The token is in this answer only',
      body: createApiTokenInput,
      response: { 201: createdApiTokenSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await tokens.create(currentUser(request), request.body)),
  });

  r.get('/api/api-tokens', {
    config: { access: access.roles('mechanic') },
    schema: {
      tags: ['api-tokens'],
      summary:
        "The business's API tokens not revoked, expired ones included (the owner): never the token itself",
      response: { 200: z.array(apiTokenSchema), ...errors(401, 403, 404) },
    },
    handler: async (request) => tokens.list(currentUser(request)),
  });

  r.delete('/api/api-tokens/:id', {
    config: { access: access.roles('mechanic') },
    schema: {
      tags: ['api-tokens'],
      summary: 'Revoke an API token at once (the business owner)',
      params: idParams,
      response: { 204: z.null(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await tokens.revoke(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
