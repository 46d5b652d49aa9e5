import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmResultSchema, testCardInput } from '../../../../core/billing/schemas.ts';
import {
  advanceClockInput,
  onboardingInput,
  onboardingViewSchema,
} from './test-gateway-onboarding.ts';
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

  const accountParams = z.object({
    id: z.string().regex(/^acct_test_[a-f0-9]{24}$/, 'Expected a test account id'),
  });

  r.get('/api/test-gateway/accounts/:id', {
    config: { access: access.signedIn },
    schema: {
      tags,
      summary: "A connected account's onboarding: what is still due (its owner only)",
      params: accountParams,
      response: { 200: onboardingViewSchema, ...errors(400, 401, 404, 503) },
    },
    handler: async (request) =>
      on().onboardingView(currentUser(request).id, request.params.id).catch(fromGateway),
  });

  r.post('/api/test-gateway/accounts/:id/onboard', {
    config: { access: access.signedIn },
    schema: {
      tags,
      summary:
        "Onboard a connected account with Stripe's test values (routing 110000000; account 000123456789, or 000111111116 for payouts that fail; ID 000000000, or 111111111 to need an ID document), or send the ID document",
      params: accountParams,
      body: onboardingInput,
      response: { 200: onboardingViewSchema, ...errors(400, 401, 404, 503) },
    },
    handler: async (request) => {
      const body = request.body;
      const input = body.idDocument
        ? { idDocument: body.idDocument }
        : {
            firstName: body.firstName!,
            lastName: body.lastName!,
            dob: body.dob!,
            idNumber: body.idNumber!,
            routingNumber: body.routingNumber!,
            accountNumber: body.accountNumber!,
          };
      return on().onboard(currentUser(request).id, request.params.id, input).catch(fromGateway);
    },
  });

  r.post('/api/test-gateway/clock', {
    config: { access: access.admin },
    schema: {
      tags,
      summary:
        "Move the test gateway's clock on (Stripe's test clocks): funds become available, payouts are made and arrive, their webhooks are posted before the answer",
      body: advanceClockInput,
      response: { 200: z.object({ now: z.iso.datetime() }), ...errors(400, 401, 403, 503) },
    },
    handler: async (request) => {
      const now = await on().advanceClock(request.body.advanceDays).catch(fromGateway);
      return { now: now.toISOString() };
    },
  });

  r.post('/api/test-gateway/disputes/:id/close', {
    config: { access: access.admin },
    schema: {
      tags,
      summary: 'Close a test card dispute as won or lost (its webhook is posted before the answer)',
      params: z.object({
        id: z.string().regex(/^du_test_[a-f0-9]{24}$/, 'Expected a test dispute id'),
      }),
      body: z.object({
        outcome: z.enum(['won', 'lost'], { error: 'Choose won or lost' }),
      }),
      response: { 204: z.null(), ...errors(400, 401, 403, 404, 503) },
    },
    handler: async (request, reply) => {
      await on().closeDispute(request.params.id, request.body.outcome).catch(fromGateway);
      return reply.status(204).send(null);
    },
  });
}
