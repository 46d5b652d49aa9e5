import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createWebhookInput,
  updateWebhookInput,
  webhookDeliveriesQuery,
  webhookDeliveryPageSchema,
  webhookEndpointSchema,
  webhookQueuedSchema,
  webhookSecretSchema,
} from '../../../core/integrations/webhooks.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import type { WebhooksService } from './webhooks.service.ts';

const deliveryParams = idParams.extend({
  deliveryId: z.uuid({ message: 'Expected a valid delivery id' }),
});

/**
 * A business's signed webhooks (docs/api.md, "Webhooks"): the owner, on a plan with custom
 * integrations, or an API token with `webhooks:manage`.
 */
export function webhooksRoutes(
  app: FastifyInstance,
  webhooks: WebhooksService,
  /** Counts each owner's test events and resends (auth's `userLimit`), when given. */
  sendLimit?: preHandlerAsyncHookHandler,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = sendLimit ? { preHandler: sendLimit } : {};
  const config = { access: access.roles('mechanic'), scope: 'webhooks:manage' } as const;

  r.post('/api/webhooks', {
    config,
    schema: {
      tags: ['webhooks'],
      summary:
        'Register a webhook endpoint and the events it hears about (owner, Enterprise). The signing secret is in this answer only',
      body: createWebhookInput,
      response: { 201: webhookSecretSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await webhooks.create(currentUser(request), request.body)),
  });

  r.get('/api/webhooks', {
    config,
    schema: {
      tags: ['webhooks'],
      summary: "The business's webhook endpoints, never their secrets",
      response: { 200: z.array(webhookEndpointSchema), ...errors(401, 403, 404) },
    },
    handler: (request) => webhooks.list(currentUser(request)),
  });

  r.patch('/api/webhooks/:id', {
    config,
    schema: {
      tags: ['webhooks'],
      summary: 'Turn an endpoint on (after it was turned off) or off, or change its events',
      params: idParams,
      body: updateWebhookInput,
      response: { 200: webhookEndpointSchema, ...errors(400, 401, 403, 404) },
    },
    handler: (request) => webhooks.update(currentUser(request), request.params.id, request.body),
  });

  r.delete('/api/webhooks/:id', {
    config,
    schema: {
      tags: ['webhooks'],
      summary: 'Remove an endpoint and its delivery log',
      params: idParams,
      response: { 204: z.null(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await webhooks.remove(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.post('/api/webhooks/:id/test', {
    config,
    schema: {
      tags: ['webhooks'],
      summary: 'Send a `test.ping` event to this endpoint now',
      params: idParams,
      response: { 202: webhookQueuedSchema, ...errors(400, 401, 403, 404, 409, 429) },
    },
    ...limited,
    handler: async (request, reply) =>
      reply.status(202).send(await webhooks.sendTest(currentUser(request), request.params.id)),
  });

  r.get('/api/webhooks/:id/deliveries', {
    config,
    schema: {
      tags: ['webhooks'],
      summary:
        "The endpoint's delivery log, newest first: status, attempts, the receiver's answer, the next retry",
      params: idParams,
      querystring: webhookDeliveriesQuery,
      response: { 200: webhookDeliveryPageSchema, ...errors(400, 401, 403, 404) },
    },
    handler: (request) =>
      webhooks.deliveries(currentUser(request), request.params.id, request.query),
  });

  r.post('/api/webhooks/:id/deliveries/:deliveryId/resend', {
    config,
    schema: {
      tags: ['webhooks'],
      summary: 'Send a delivery again now, with the same event id',
      params: deliveryParams,
      response: { 202: webhookQueuedSchema, ...errors(400, 401, 403, 404, 409, 429) },
    },
    ...limited,
    handler: async (request, reply) =>
      reply
        .status(202)
        .send(
          await webhooks.resend(currentUser(request), request.params.id, request.params.deliveryId),
        ),
  });

  r.post('/api/webhooks/:id/rotate-secret', {
    config,
    schema: {
      tags: ['webhooks'],
      summary:
        'A new signing secret, in this answer only; the old one keeps signing beside it for 24 hours',
      params: idParams,
      response: { 200: webhookSecretSchema, ...errors(400, 401, 403, 404) },
    },
    handler: (request) => webhooks.rotateSecret(currentUser(request), request.params.id),
  });
}
