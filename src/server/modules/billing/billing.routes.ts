import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allowanceSchema,
  cancelSubscriptionInput,
  cardSchema,
  createPaymentInput,
  createSubscriptionInput,
  disputeCashInput,
  paymentResultSchema,
  paymentSchema,
  receiptSchema,
  subscriptionCheckoutSchema,
  subscriptionSchema,
  updateSubscriptionInput,
} from '../../../core/billing/schemas.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import type { PaymentsService } from './payments.service.ts';
import type { ReceiptsService } from './receipt-pdf.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

const userParams = z.object({ userId: z.uuid({ message: 'Expected a valid user id' }) });
const cardParams = z.object({
  id: z.string().regex(/^pm_[A-Za-z0-9_]{1,60}$/, 'Expected a saved card id'),
});

/** The subscription and payment calls, and the saved cards (docs/billing.md). */
export function billingRoutes(
  app: FastifyInstance,
  subscriptions: SubscriptionsService,
  payments: PaymentsService,
  receipts: ReceiptsService,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];

  r.get('/api/subscription/:userId', {
    config: { access: access.selfOrAdmin('userId') },
    schema: {
      tags,
      summary: "The user's current plan (active, past due, or cancelled but paid up), or null",
      params: userParams,
      response: { 200: subscriptionSchema.nullable(), ...errors(400, 401, 403) },
    },
    handler: async (request) => subscriptions.current(request.params.userId),
  });

  r.get('/api/subscriptions/user/:userId', {
    config: { access: access.selfOrAdmin('userId') },
    schema: {
      tags,
      summary: "All of the user's subscriptions, newest first",
      params: userParams,
      response: { 200: z.array(subscriptionSchema), ...errors(400, 401, 403) },
    },
    handler: async (request) => subscriptions.list(request.params.userId),
  });

  const create = {
    config: { access: access.roles('mechanic') },
    schema: {
      tags,
      summary:
        'Subscribe to a plan: created unpaid, confirmed in the page with the client secret. The price comes from the plan table (a body price is ignored)',
      body: createSubscriptionInput,
      response: { 201: subscriptionCheckoutSchema, ...errors(400, 401, 403, 409, 503) },
    },
  };
  r.post('/api/create-subscription', {
    ...create,
    handler: async (request, reply) =>
      reply.status(201).send(await subscriptions.create(currentUser(request), request.body)),
  });
  r.post('/api/subscriptions', {
    ...create,
    handler: async (request, reply) =>
      reply.status(201).send(await subscriptions.create(currentUser(request), request.body)),
  });

  r.patch('/api/subscriptions/:id', {
    config: { access: access.roles('mechanic', 'admin') },
    schema: {
      tags,
      summary:
        'Change plan: a dearer one now (prorated), a cheaper one from the end of the paid period (`scheduledPlanType`, nothing refunded), the current one again drops a scheduled change; cancel at the end of the paid period (`status: cancelled`) or resume (`status: active`)',
      params: idParams,
      body: updateSubscriptionInput,
      response: { 200: subscriptionSchema, ...errors(400, 401, 402, 403, 404, 409, 503) },
    },
    handler: async (request) =>
      subscriptions.update(currentUser(request), request.params.id, request.body),
  });

  r.post('/api/cancel-subscription', {
    config: { access: access.roles('mechanic', 'admin') },
    schema: {
      tags,
      summary: 'Cancel at the end of the paid period (the plan works until then)',
      body: cancelSubscriptionInput,
      response: { 200: subscriptionSchema, ...errors(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) =>
      subscriptions.cancel(currentUser(request), request.body.subscriptionId),
  });

  r.get('/api/billing/allowance', {
    config: { access: access.roles('mechanic') },
    schema: {
      tags,
      summary: 'Bookings accepted this calendar month (UTC) and how many the plan still allows',
      response: { 200: allowanceSchema, ...errors(401, 403) },
    },
    handler: async (request) => subscriptions.allowance(currentUser(request)),
  });

  r.get('/api/payments/user/:userId', {
    config: { access: access.selfOrAdmin('userId') },
    schema: {
      tags,
      summary: "The user's payments (charges, renewals, refunds, failures), newest first",
      params: userParams,
      response: { 200: z.array(paymentSchema), ...errors(400, 401, 403) },
    },
    handler: async (request) => payments.list(request.params.userId),
  });

  r.get('/api/payments/:id', {
    config: { access: access.signedIn },
    schema: {
      tags,
      summary: 'One of your payments with what its receipt shows',
      params: idParams,
      response: { 200: receiptSchema, ...errors(400, 401, 404, 409) },
    },
    handler: async (request) => payments.receipt(currentUser(request), request.params.id),
  });

  r.get('/api/payments/:id/receipt.pdf', {
    config: { access: access.signedIn },
    schema: {
      tags,
      summary:
        "A payment's receipt (a job: its driver, and the job's provider for their copy) or invoice (a plan: its provider) as a PDF download; anyone else gets 404",
      params: idParams,
      response: {
        200: {
          description: 'The PDF',
          content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
        },
        ...errors(400, 401, 404, 409),
      },
    },
    handler: async (request, reply) => {
      const file = await receipts.pdf(currentUser(request), request.params.id);
      // The PDF's bytes go as they are; the schema documents them.
      return (reply as FastifyReply)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  });

  r.post('/api/payments', {
    config: { access: access.signedIn },
    schema: {
      tags,
      summary:
        "Pay a completed job (card, or cash that waits for the provider's confirmation; its driver) or a past-due plan now (card); the amount is the server's",
      body: createPaymentInput,
      response: {
        201: paymentResultSchema,
        200: paymentResultSchema,
        ...errors(400, 401, 402, 403, 404, 409, 503),
      },
    },
    handler: async (request, reply) => {
      const result = await payments.pay(currentUser(request), request.body);
      const created = result.status === 'succeeded' || result.status === 'awaiting_confirmation';
      return reply.status(created ? 201 : 200).send(result);
    },
  });

  r.post('/api/payments/:id/confirm-cash', {
    config: { access: access.roles('mechanic') },
    schema: {
      tags,
      summary:
        "The job's provider confirms the driver's cash payment: only then is the job paid and a receipt issued",
      params: idParams,
      response: { 200: paymentSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => payments.confirmCash(currentUser(request), request.params.id),
  });

  r.post('/api/payments/:id/dispute-cash', {
    config: { access: access.roles('mechanic') },
    schema: {
      tags,
      summary:
        "The job's provider says the cash did not arrive (with the reason): an admin settles it",
      params: idParams,
      body: disputeCashInput,
      response: { 200: paymentSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      payments.disputeCash(currentUser(request), request.params.id, request.body),
  });

  r.get('/api/payment-methods', {
    config: { access: access.signedIn },
    schema: {
      tags,
      summary: 'Your saved cards (brand, last 4, expiry; never the number)',
      response: { 200: z.array(cardSchema), ...errors(401, 503) },
    },
    handler: async (request) => payments.cards(currentUser(request)),
  });

  r.post('/api/payment-methods/setup-intent', {
    config: { access: access.signedIn },
    schema: {
      tags,
      summary: 'A client secret to save a new card with (confirmed in the page)',
      response: { 200: z.object({ clientSecret: z.string() }), ...errors(401, 503) },
    },
    handler: async (request) => payments.setupIntent(currentUser(request)),
  });

  r.post('/api/payment-methods/:id/default', {
    config: { access: access.signedIn },
    schema: {
      tags,
      summary: 'Make one of your cards the default (also for your plan)',
      params: cardParams,
      response: { 200: z.array(cardSchema), ...errors(400, 401, 404, 503) },
    },
    handler: async (request) => payments.setDefaultCard(currentUser(request), request.params.id),
  });

  r.delete('/api/payment-methods/:id', {
    config: { access: access.signedIn },
    schema: {
      tags,
      summary: 'Remove one of your cards',
      params: cardParams,
      response: { 204: z.null(), ...errors(400, 401, 404, 503) },
    },
    handler: async (request, reply) => {
      await payments.removeCard(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
