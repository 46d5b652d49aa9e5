import type { GatewayMode } from '#core/billing/schemas.ts';
import type { PlanType } from '#core/billing/plans.ts';
import type { Subscription } from '#core/billing/schemas.ts';
import type { CheckResult } from '../shared/checks.ts';
import { pause } from '../shared/checks.ts';
import { pageApi, type QaResponse } from '../shared/qa-api.ts';
import { createTestAccount, deleteTestAccount, type TestAccount } from '../shared/test-accounts.ts';
import { billingCalls } from '../shared/billing/billing-calls.ts';
import { intentIdOf, NEEDS_TEST_GATEWAY, toAmountCents } from '../shared/billing/test-cards.ts';

export type CheckoutStatus = 'success' | 'cancelled';

/** The steps of one checkout run, in order. */
export const checkoutSteps = [
  { id: 'account', name: 'Create a test mechanic' },
  { id: 'session', name: 'Create the checkout session (POST /api/create-subscription)' },
  { id: 'payment', name: 'Payment (3 s processing, 1 s confirming, then the test card)' },
  { id: 'webhook', name: 'Webhook post (POST /api/stripe/webhook-test)' },
  { id: 'redirect', name: 'Return to /stripe-test with session_id and status' },
  { id: 'plan', name: 'Read the plan back (GET /api/subscription/{userId})' },
  { id: 'cleanup', name: 'Delete the test mechanic' },
] as const;
export type CheckoutStepId = (typeof checkoutSteps)[number]['id'];

/** The checkout session as the page shows it. */
export interface CheckoutSession {
  /** The subscription whose first payment this checkout is; also the `session_id`. */
  id: string;
  paymentIntentId: string;
  amountCents: number;
  currency: 'usd';
  planType: PlanType;
}

export interface CheckoutRun {
  outcome: CheckoutStatus;
  session?: CheckoutSession;
  /** The plan as read after the return, or null when there is none. */
  plan?: Subscription | null;
  /** How the run ended when it did not reach the return: the failed step's message. */
  failure?: string;
  /** The card was refused (the 'Payment processing failed' case). */
  paymentFailed?: boolean;
}

const result = (
  status: CheckResult['status'],
  detail: string,
  response?: QaResponse,
  ms?: number,
): CheckResult => ({
  status,
  detail,
  httpStatus: response?.status,
  message: response?.message,
  ms: ms ?? response?.ms,
});

export interface CheckoutOptions {
  outcome: CheckoutStatus;
  planType: PlanType;
  card: string;
  gateway: GatewayMode;
  /** Reports each step as it starts and ends. */
  onStep: (id: CheckoutStepId, result: CheckResult) => void;
  /** Goes to the return address (the page's router). */
  navigate: (to: string) => void;
  /** Told the session once it exists. */
  onSession?: (session: CheckoutSession) => void;
  /** Processing and confirming pauses (3 s then 1 s; shorter in tests). */
  pauses?: readonly [number, number];
}

/**
 * One checkout on a fresh test mechanic, all against the live API: the session (the
 * subscription's first payment), the payment with a test card (or none, when cancelled), a signed
 * webhook through the real endpoint, the return address, the plan read back, and the cleanup.
 */
export async function runCheckout(options: CheckoutOptions): Promise<CheckoutRun> {
  const { outcome, onStep } = options;
  const [processingMs, confirmingMs] = options.pauses ?? [3000, 1000];
  const run: CheckoutRun = { outcome };
  const stop = (id: CheckoutStepId, detail: string, response?: QaResponse, ms?: number) => {
    onStep(id, result('failed', detail, response, ms));
    run.failure = detail;
  };

  if (outcome === 'success' && options.gateway !== 'test') {
    stop('payment', NEEDS_TEST_GATEWAY);
    return run;
  }

  onStep('account', { status: 'running' });
  const created = await createTestAccount('mechanic');
  const account: TestAccount | undefined = created.account;
  if (!account) {
    stop(
      'account',
      `Could not create the test mechanic: ${created.response.message}`,
      created.response,
    );
    return run;
  }
  onStep('account', result('passed', account.email, created.response));
  const calls = billingCalls(account.api);

  try {
    onStep('session', { status: 'running' });
    const checkout = await calls.createSubscription(options.planType);
    if (!checkout.ok) {
      stop('session', `Creating the session was refused: ${checkout.message}`, checkout);
      return run;
    }
    const session: CheckoutSession = {
      id: checkout.body.subscriptionId,
      paymentIntentId: intentIdOf(checkout.body.clientSecret),
      amountCents: toAmountCents(checkout.body.amount),
      currency: 'usd',
      planType: checkout.body.planType,
    };
    run.session = session;
    options.onSession?.(session);
    onStep(
      'session',
      result(
        'passed',
        `Session ${session.id}: ${session.amountCents} cents ${session.currency}, payment ${session.paymentIntentId}`,
        checkout,
      ),
    );

    if (outcome === 'cancelled') {
      onStep(
        'payment',
        result('passed', 'Skipped: the user cancelled the payment process', undefined, 0),
      );
    } else {
      const started = performance.now();
      onStep('payment', { status: 'running', detail: 'Processing payment…' });
      await pause(processingMs);
      onStep('payment', { status: 'running', detail: 'Confirming payment…' });
      await pause(confirmingMs);
      const confirmed = await calls.confirm(checkout.body.clientSecret, options.card);
      const ms = Math.round(performance.now() - started);
      if (!confirmed.ok) {
        run.paymentFailed = true;
        stop('payment', `The card could not be sent: ${confirmed.message}`, confirmed, ms);
        return run;
      }
      if (confirmed.body.status !== 'succeeded') {
        run.paymentFailed = true;
        stop(
          'payment',
          confirmed.body.status === 'requires_action'
            ? 'The card asks for authentication, which this checkout does not do: pick another card'
            : `Refused: ${confirmed.body.message ?? 'Your card was declined.'}`,
          confirmed,
          ms,
        );
        return run;
      }
      onStep('payment', result('passed', `Paid with ${options.card}`, confirmed, ms));
    }

    onStep('webhook', { status: 'running' });
    const event = outcome === 'success' ? 'checkout.session.completed' : 'checkout.session.expired';
    // The signed webhook's test route is for admins: it goes with the visitor's own session.
    const webhook = await billingCalls(pageApi).webhookTest({
      sessionId: session.id,
      event,
      verified: true,
    });
    if (!webhook.ok) {
      stop('webhook', `The webhook test call was refused: ${webhook.message}`, webhook);
      return run;
    }
    const answer = webhook.body;
    if (answer.status < 200 || answer.status >= 300) {
      stop(
        'webhook',
        `The webhook endpoint answered ${answer.status}: ${answer.error ?? 'no message'}`,
        webhook,
      );
      return run;
    }
    onStep(
      'webhook',
      result(
        'passed',
        `Signed ${event} ${answer.eventId}: the endpoint answered ${answer.status}`,
        webhook,
      ),
    );

    const to = `/stripe-test?session_id=${encodeURIComponent(session.id)}&status=${outcome}`;
    options.navigate(to);
    onStep('redirect', result('passed', to, undefined, 0));

    onStep('plan', { status: 'running' });
    const plan = await calls.current(account.user.id);
    if (!plan.ok) {
      stop('plan', `Could not read the plan: ${plan.message}`, plan);
      return run;
    }
    run.plan = plan.body;
    const active = plan.body?.status === 'active' && plan.body.id === session.id;
    if (outcome === 'success' && !active) {
      stop('plan', `The plan is ${plan.body?.status ?? 'missing'}, not active`, plan);
    } else if (outcome === 'cancelled' && active) {
      stop('plan', 'The plan is active although the payment was cancelled', plan);
    } else {
      onStep(
        'plan',
        result(
          'passed',
          outcome === 'success'
            ? `${plan.body!.planType} plan active until ${plan.body!.endDate?.slice(0, 10) ?? '—'}`
            : 'No active plan: nothing was charged',
          plan,
        ),
      );
    }
    return run;
  } finally {
    onStep('cleanup', { status: 'running' });
    const deleted = await deleteTestAccount(account);
    onStep(
      'cleanup',
      deleted.ok
        ? result('passed', 'Test mechanic deleted (its plan cancelled with it)', deleted)
        : result('failed', `Could not delete the test mechanic: ${deleted.message}`, deleted),
    );
  }
}

/** What a wrongly signed webhook should get: refused, as a forged event must be. */
export function signatureRefused(answer: {
  status: number;
  verified: boolean;
  error: string | null;
}) {
  return answer.status === 400 && !answer.verified;
}
