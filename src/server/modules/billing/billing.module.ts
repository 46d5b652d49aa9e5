import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { SmsSender } from '../mail/index.ts';
import * as repo from './billing.repository.ts';
import { billingRoutes } from './billing.routes.ts';
import { customerFinder } from './customers.ts';
import { TEST_PAYMENTS_ENDED } from '../../../core/billing/schemas.ts';
import type { PaymentGateway } from './gateway/gateway.ts';
import { createPaymentsOffGateway } from './gateway/payments-off.ts';
import { createTestGateway } from './gateway/test-gateway.ts';
import { testGatewayRoutes } from './gateway/test-gateway.routes.ts';
import { createPayoutAccountsService } from './payout-accounts.ts';
import { payoutsRoutes } from './payouts.routes.ts';
import { createPayoutsService } from './payouts.service.ts';
import { createLedgerService, reconcile } from './reconciliation.ts';
import { createRefundsService } from './refunds.service.ts';
import { paymentsMode } from './payments-mode.ts';
import { createPaymentsService } from './payments.service.ts';
import { createReceiptsService } from './receipt-pdf.ts';
import { remindersRoutes } from './reminders.routes.ts';
import { createRemindersService } from './reminders.service.ts';
import { auditAdminPlanChanges } from './subscription-audit.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';
import { createWebhooksService } from './webhooks.service.ts';
import { WEBHOOK_PATH, webhooksRoutes } from './webhooks.routes.ts';
import { userLimit } from '../auth/index.ts';

const FIVE_MINUTES = 5 * 60_000;
const ONE_DAY = 24 * 60 * 60_000;

/**
 * Billing: the gateway (Stripe with keys, else the test gateway), its routes, and the jobs that
 * renew plans and send reminders.
 */
export async function registerBilling(
  app: FastifyInstance,
  deps: { config: Config; db: Database; events: EventBus; sms: SmsSender },
) {
  const { config, db, events } = deps;
  // Our own webhook endpoint, reached in-process: the test gateway delivers its events here.
  const post = async (payload: string, signature: string) => {
    const answer = await app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    return { status: answer.statusCode, body: answer.body };
  };
  const mode = paymentsMode(config);
  const testGateway =
    mode === 'test'
      ? createTestGateway({
          db,
          webhookSecret: config.testGatewayWebhookSecret,
          publicUrl: config.publicUrl,
          deliver: async (payload, signature) => (await post(payload, signature)).status === 200,
          log: app.log,
        })
      : null;
  const gateway: PaymentGateway =
    mode === 'stripe' && config.stripe
      ? (await import('./gateway/stripe-gateway.ts')).createStripeGateway(config.stripe)
      : (testGateway ?? createPaymentsOffGateway());
  if (mode !== 'test') {
    // Plans paid with test cards end when the server stops taking test payments (docs/billing.md).
    const ended = await repo.endTestSubscriptions(db, TEST_PAYMENTS_ENDED);
    if (ended.length > 0)
      app.log.warn(
        { count: ended.length, payments: mode },
        'ended the plans paid through the test gateway: this server takes no test payments',
      );
  }
  if (mode === 'off')
    app.log.warn(
      'payments are off: a public server needs the Stripe keys (or PAYMENTS_TEST_MODE=true for a demo)',
    );

  const customers = customerFinder(db, gateway);
  const subscriptions = auditAdminPlanChanges(
    db,
    createSubscriptionsService(db, gateway, customers),
  );
  const payments = createPaymentsService(db, gateway, customers, events);
  const reminders = createRemindersService(db, events, {
    testMode: () => gateway.mode === 'test',
  });
  const webhooks = createWebhooksService(db, gateway, events, post, [
    config.stripeConnectWebhookSecret,
  ]);

  const payoutAccounts = createPayoutAccountsService(db, gateway, config.publicUrl);
  const refunds = createRefundsService(db, gateway, events);
  const receipts = createReceiptsService(db, gateway);
  billingRoutes(app, subscriptions, payments, receipts);
  payoutsRoutes(app, {
    accounts: payoutAccounts,
    payouts: createPayoutsService(db, gateway, payoutAccounts),
    refunds,
    ledger: createLedgerService(db),
  });
  remindersRoutes(app, reminders, userLimit(app, 'reminderSend', config.routeRateLimitScale));
  await webhooksRoutes(app, webhooks);
  if (mode !== 'stripe') testGatewayRoutes(app, testGateway);

  /** Renewals (the test gateway's clock; Stripe keeps its own) and the end of cancelled plans. */
  const renewals = async (now: Date) => {
    await gateway.runDue(now);
    await repo.expireEndedSubscriptions(db, now);
  };
  /** The ledger against the gateway (nightly; tests run it at will). */
  const reconcileNow = (now = new Date()) => reconcile(db, gateway, app.log, now);
  const jobs: Job[] = [
    { name: 'billing-renewals', intervalMs: FIVE_MINUTES, run: renewals },
    {
      name: 'payment-reminders',
      intervalMs: FIVE_MINUTES,
      run: async (now) => void (await reminders.run(now)),
    },
    {
      name: 'refund-retries',
      intervalMs: FIVE_MINUTES,
      run: (now) => refunds.retryUnanswered(now),
    },
    {
      name: 'ledger-reconciliation',
      intervalMs: ONE_DAY,
      run: async (now) => void (await reconcileNow(now)),
    },
  ];
  return {
    gateway,
    jobs,
    renewals,
    reminders,
    reconcile: reconcileNow,
    /** Asks the gateway again for refunds it never answered (a job; tests run it at will). */
    retryRefunds: refunds.retryUnanswered,
    /** Receipt and invoice PDFs (the receipt emails carry them). */
    receipts,
    /** Job payments (the admin console settles disputed cash through it). */
    payments,
    /** Ends a user's plans at once (account deletion). */
    endPlansNow: subscriptions.endAllNow,
    /** The user's customer at the gateway, if any (account deletion). */
    findCustomer: (userId: string) => customers.find(userId),
    /** Deletes a customer at the gateway, with its saved cards (account deletion). */
    deleteCustomer: (customerId: string) => gateway.deleteCustomer(customerId),
    /** The plan that limits a provider's accepted bookings (for the bookings service). */
    planOf: repo.currentPlanType,
  };
}

export type Billing = Awaited<ReturnType<typeof registerBilling>>;
