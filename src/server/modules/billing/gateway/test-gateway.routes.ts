import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmResultSchema, testCardInput } from '../../../../core/billing/schemas.ts';
import { AppError } from '../../../../core/errors.ts';
import { PAYMENTS_OFF_MESSAGE } from '../../../../core/billing/schemas.ts';
import { access, currentUser } from '../../../http/access.ts';
import { errors } from '../../../http/schemas.ts';
import { fromGateway } from '../subscriptions.service.ts';
import type { TestGateway } from './test-gateway.ts';

const clientSecret = z
  .string()
  .regex(/^(pi|seti)_test_[a-f0-9]{24}_secret_[a-f0-9]{32}$/, 'Expected a client secret');

/**
 * What Stripe's servers do for Stripe.js, done by the test gateway (only without Stripe keys):
 * the page sends the card here, never to our own API, and only brand and last 4 are kept. With
 * payments off (`testGateway` null) both answer 503.
 */
export function testGatewayRoutes(app: FastifyInstance, testGateway: TestGateway | null) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = () => {
    if (!testGateway) throw new AppError('unavailable', PAYMENTS_OFF_MESSAGE);
    return testGateway;
  };
  const tags = ['test gateway'];

  r.post('/api/test-gateway/confirm', {
    config: { access: access.signedIn },
    schema: {
      tags,
      summary:
        'Confirm a payment or a saved card with a test card (4242… succeeds, 4000…0002 declined, 4000…9995 insufficient funds, 4000 0025 0000 3155 asks for authentication)',
      body: z.object({ clientSecret, card: testCardInput }),
      response: { 200: confirmResultSchema, ...errors(400, 401, 404, 503) },
    },
    handler: async (request) =>
      on()
        .confirm(currentUser(request).id, request.body.clientSecret, request.body.card)
        .catch(fromGateway),
  });

  r.post('/api/test-gateway/authenticate', {
    config: { access: access.signedIn },
    schema: {
      tags,
      summary: "The card's authentication step (3-D Secure), approved or refused",
      body: z.object({ clientSecret, approve: z.boolean() }),
      response: { 200: confirmResultSchema, ...errors(400, 401, 404, 503) },
    },
    handler: async (request) =>
      on()
        .authenticate(currentUser(request).id, request.body.clientSecret, request.body.approve)
        .catch(fromGateway),
  });
}
