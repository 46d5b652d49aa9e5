import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdShareLinkSchema,
  revokedShareLinksSchema,
  shareLinkParams,
  shareLinkSchema,
  trackedJobSchema,
  trackParams,
} from '../../../core/bookings/share-links.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import type { ShareLinksService } from './share-links.service.ts';

export function shareLinksRoutes(app: FastifyInstance, links: ShareLinksService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/bookings/:id/share-links', {
    config: { access: access.roles('driver', 'mechanic') },
    schema: {
      tags: ['bookings'],
      summary:
        "A link anyone can open to follow a confirmed or running job (the token is shown once): the job's driver or provider",
      params: idParams,
      response: { 201: createdShareLinkSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await links.create(currentUser(request), request.params.id)),
  });

  r.get('/api/bookings/:id/share-links', {
    config: { access: access.signedIn },
    schema: {
      tags: ['bookings'],
      summary:
        "Every share link of a job, working or not, with who made it: the job's driver or provider, or an admin",
      params: idParams,
      response: { 200: z.array(shareLinkSchema), ...errors(400, 401, 404) },
    },
    handler: async (request) => links.list(currentUser(request), request.params.id),
  });

  r.delete('/api/bookings/:id/share-links', {
    config: { access: access.signedIn },
    schema: {
      tags: ['bookings'],
      summary:
        "Stop every working share link of a job at once: the job's driver or provider, or an admin",
      params: idParams,
      response: { 200: revokedShareLinksSchema, ...errors(400, 401, 404) },
    },
    handler: async (request) => links.revokeAll(currentUser(request), request.params.id),
  });

  r.delete('/api/bookings/:id/share-links/:linkId', {
    config: { access: access.signedIn },
    schema: {
      tags: ['bookings'],
      summary:
        "Stop a share link at once, whichever side made it: the job's driver or provider, or an admin",
      params: shareLinkParams,
      response: { 204: z.null(), ...errors(400, 401, 404) },
    },
    handler: async (request, reply) => {
      await links.revoke(currentUser(request), request.params.id, request.params.linkId);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/track/:token', {
    config: { access: access.public },
    schema: {
      tags: ['bookings'],
      summary:
        "A shared job: its status, the provider's name, phone, live position and ETA; nothing about the driver",
      params: trackParams,
      response: { 200: trackedJobSchema, ...errors(404) },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return links.track(request.params.token);
    },
  });
}
