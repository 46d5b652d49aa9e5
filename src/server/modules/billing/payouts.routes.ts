import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardDisputeSchema,
  ledgerDiscrepancySchema,
  ledgerSummarySchema,
  payoutAccountLinkSchema,
  payoutAccountSchema,
  payoutBalanceSchema,
  payoutSchema,
  refundInput,
  refundSchema,
  updatePayoutScheduleInput,
} from '../../../core/billing/payouts.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import type { PayoutAccountsService } from './payout-accounts.ts';
import type { PayoutsService } from './payouts.service.ts';
import type { LedgerService } from './reconciliation.ts';
import type { RefundsService } from './refunds.service.ts';

const resolveInput = z.object({
  note: z
    .string()
    .trim()
    .min(3, 'Say how the difference was resolved (at least 3 characters)')
    .max(500, 'Keep the note under 500 characters'),
});

/** Payout accounts, balances, payouts, refunds, and the admin's disputes and ledger (docs/billing.md). */
export function payoutsRoutes(
  app: FastifyInstance,
  services: {
    accounts: PayoutAccountsService;
    payouts: PayoutsService;
    refunds: RefundsService;
    ledger: LedgerService;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payouts'];
  const owner = { access: access.roles('mechanic') };

  r.post('/api/payouts/account', {
    config: owner,
    schema: {
      tags,
      summary:
        "Set up payouts for the caller's business: creates its payout account if none, answers where onboarding continues",
      response: { 200: payoutAccountLinkSchema, ...errors(401, 403, 404, 503) },
    },
    handler: async (request) => services.accounts.start(currentUser(request)),
  });

  r.get('/api/payouts/account', {
    config: owner,
    schema: {
      tags,
      summary: "The business's payout account: its state and what is missing, in words",
      response: { 200: payoutAccountSchema, ...errors(401, 403, 404) },
    },
    handler: async (request) => services.accounts.get(currentUser(request)),
  });

  r.put('/api/payouts/schedule', {
    config: owner,
    schema: {
      tags,
      summary: 'Pay out daily or weekly (Mondays)',
      body: updatePayoutScheduleInput,
      response: { 200: payoutAccountSchema, ...errors(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) =>
      services.accounts.setSchedule(currentUser(request), request.body.schedule),
  });

  r.get('/api/payouts/balance', {
    config: owner,
    schema: {
      tags,
      summary: 'What is pending, available, paid out and held by disputes',
      response: { 200: payoutBalanceSchema, ...errors(401, 403, 404, 503) },
    },
    handler: async (request) => services.payouts.balance(currentUser(request)),
  });

  r.get('/api/payouts', {
    config: owner,
    schema: {
      tags,
      summary: "The business's payouts, newest first, each with the jobs in it",
      response: { 200: z.array(payoutSchema), ...errors(401, 403, 404) },
    },
    handler: async (request) => services.payouts.list(currentUser(request)),
  });

  r.post('/api/payments/:id/refund', {
    config: { access: access.roles('mechanic', 'admin') },
    schema: {
      tags,
      summary:
        "Refund a card payment of a job, in full or in part (an admin at any time; the job's provider within 14 days): the fee is refunded in proportion and the provider's share reversed",
      params: idParams,
      body: refundInput,
      response: { 200: refundSchema, ...errors(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) =>
      services.refunds.refund(currentUser(request), request.params.id, request.body),
  });

  r.get('/api/admin/card-disputes', {
    config: { access: access.admin },
    schema: {
      tags,
      summary: 'Card disputes of job payments: open ones first, by evidence deadline',
      response: { 200: z.array(cardDisputeSchema), ...errors(401, 403) },
    },
    handler: async () => services.ledger.disputes(),
  });

  r.get('/api/admin/ledger/summary', {
    config: { access: access.admin },
    schema: {
      tags,
      summary: 'Money figures from the ledger: charged, fees, refunds, transfers, payouts',
      response: { 200: ledgerSummarySchema, ...errors(401, 403) },
    },
    handler: async () => services.ledger.summary(),
  });

  r.get('/api/admin/ledger/discrepancies', {
    config: { access: access.admin },
    schema: {
      tags,
      summary:
        'Open differences the nightly reconciliation found between the ledger and the gateway',
      response: { 200: z.array(ledgerDiscrepancySchema), ...errors(401, 403) },
    },
    handler: async () => services.ledger.discrepancies(),
  });

  r.post('/api/admin/ledger/discrepancies/:id/resolve', {
    config: { access: access.admin },
    schema: {
      tags,
      summary: 'Mark a difference resolved, with a note (audited)',
      params: idParams,
      body: resolveInput,
      response: { 204: z.null(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await services.ledger.resolve(currentUser(request), request.params.id, request.body.note);
      return reply.status(204).send(null);
    },
  });
}
