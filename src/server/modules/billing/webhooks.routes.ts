import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, currentUser } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import type { WebhooksService } from './webhooks.service.ts';

export const WEBHOOK_PATH = '/api/payments/stripe-webhook';

/** The gateway's webhooks: the signature covers the raw bytes, so this route keeps them raw. */
export async function webhooksRoutes(app: FastifyInstance, webhooks: WebhooksService) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(WEBHOOK_PATH, {
      // Signed by the gateway, not by a user; the signature is the access check.
      config: { access: access.public, rateLimit: false },
      schema: {
        tags: ['billing'],
        summary:
          'Stripe-signed events (Stripe-Signature over the raw body, at most 300 s old), each acted on once',
        headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }).loose(),
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
          ...errors(400, 415),
        },
      },
      handler: async (request) =>
        webhooks.receive(request.body as Buffer, request.headers['stripe-signature']),
    });
  });

  app.withTypeProvider<ZodTypeProvider>().post('/api/stripe/webhook-test', {
    config: { access: access.roles('admin') },
    schema: {
      tags: ['billing'],
      summary:
        'Admins: sends a test event to our own webhook endpoint, correctly signed (`verified: true`, default) or not, and reports what it answered',
      body: z.object({
        sessionId: z.string().trim().min(1).max(200),
        event: z
          .string()
          .regex(/^[a-z_.]{3,80}$/, 'Expected an event type like checkout.session.completed')
          .optional(),
        verified: z.boolean().optional(),
      }),
      response: {
        200: z.object({
          eventId: z.string(),
          status: z.number().int(),
          verified: z.boolean(),
          error: z.string().nullable(),
        }),
        ...errors(400, 401, 403, 503),
      },
    },
    handler: async (request) => webhooks.test(currentUser(request), request.body),
  });
}
