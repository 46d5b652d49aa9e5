import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pushSubscriptionInputSchema, pushSubscriptionSchema } from '../../../core/push.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import type { PushService } from './push.service.ts';

/** A device's push subscription belongs to the session that made it; see docs/api.md. */
export function pushRoutes(app: FastifyInstance, push: PushService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/push/public-key', {
    config: { access: access.signedIn },
    schema: {
      tags: ['push'],
      summary: 'The VAPID public key a browser subscribes with (base64url)',
      response: { 200: z.object({ publicKey: z.string() }), ...errors(401) },
    },
    handler: async () => ({ publicKey: push.publicKey() }),
  });

  r.post('/api/push/subscriptions', {
    config: { access: access.signedIn },
    schema: {
      tags: ['push'],
      summary: 'Receive push messages on this device (201 new, 200 already yours and updated)',
      body: pushSubscriptionInputSchema,
      response: {
        200: pushSubscriptionSchema,
        201: pushSubscriptionSchema,
        ...errors(400, 401),
      },
    },
    handler: async (request, reply) => {
      const user = currentUser(request);
      const { subscription, created } = await push.subscribe(
        { id: user.id, sessionId: request.sessionId! },
        request.body,
        request.headers['user-agent'],
      );
      return reply.status(created ? 201 : 200).send(subscription);
    },
  });

  r.delete('/api/push/subscriptions', {
    config: { access: access.signedIn },
    schema: {
      tags: ['push'],
      summary: 'Stop push messages to this device',
      body: z.object({ endpoint: z.string().min(1, 'endpoint is required').max(1024) }),
      response: { 204: z.null(), ...errors(400, 401, 404) },
    },
    handler: async (request, reply) => {
      await push.unsubscribe(currentUser(request).id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  });
}
