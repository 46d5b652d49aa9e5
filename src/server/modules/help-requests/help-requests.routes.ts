import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingSchema } from '../../../core/bookings/schemas.ts';
import {
  createHelpRequestSchema,
  helpInviteSchema,
  helpRequestSchema,
} from '../../../core/help-requests/help-request.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import type { HelpRequestsService } from './help-requests.service.ts';

/** `createLimit` holds each driver to the help request limits (modules/auth/user-limits.ts). */
export function helpRequestsRoutes(
  app: FastifyInstance,
  help: HelpRequestsService,
  createLimit: preHandlerAsyncHookHandler,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/help-requests', {
    config: { access: access.roles('driver') },
    preHandler: createLimit,
    schema: {
      tags: ['help requests'],
      summary:
        'Ask up to 5 available providers at once (hand-picked, or the nearest best): the first to accept gets the job',
      body: createHelpRequestSchema,
      response: { 201: helpRequestSchema, ...errors(400, 401, 403, 404, 409, 429) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await help.create(currentUser(request), request.body)),
  });

  r.get('/api/help-requests', {
    config: { access: access.roles('driver') },
    schema: {
      tags: ['help requests'],
      summary: 'Your recent help requests, newest first',
      response: { 200: z.array(helpRequestSchema), ...errors(401, 403) },
    },
    handler: async (request) => help.listOwn(currentUser(request)),
  });

  r.get('/api/help-requests/asked', {
    config: { access: access.roles('mechanic', 'dispatcher') },
    schema: {
      tags: ['help requests'],
      summary: 'The help requests your business was asked, newest first',
      response: { 200: z.array(helpInviteSchema), ...errors(401, 403) },
    },
    handler: async (request) => help.listAsked(currentUser(request)),
  });

  r.get('/api/help-requests/:id', {
    config: { access: access.signedIn },
    schema: {
      tags: ['help requests'],
      summary: 'A help request and every provider asked: its driver or an admin',
      params: idParams,
      response: { 200: helpRequestSchema, ...errors(400, 401, 404) },
    },
    handler: async (request) => help.get(currentUser(request), request.params.id),
  });

  r.post('/api/help-requests/:id/accept', {
    config: { access: access.roles('mechanic', 'dispatcher') },
    schema: {
      tags: ['help requests'],
      summary:
        'Take the job (a provider asked): the first accept books it confirmed; later ones get 409',
      params: idParams,
      response: { 201: bookingSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await help.accept(currentUser(request), request.params.id)),
  });

  r.post('/api/help-requests/:id/decline', {
    config: { access: access.roles('mechanic', 'dispatcher') },
    schema: {
      tags: ['help requests'],
      summary:
        'Say no (a provider asked); when all asked in the latest step have, it widens at once',
      params: idParams,
      response: { 204: z.null(), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await help.decline(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.post('/api/help-requests/:id/cancel', {
    config: { access: access.roles('driver', 'admin') },
    schema: {
      tags: ['help requests'],
      summary: 'Stop asking: its driver (or an admin) while nobody has accepted',
      params: idParams,
      response: { 200: helpRequestSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => help.cancel(currentUser(request), request.params.id),
  });
}
