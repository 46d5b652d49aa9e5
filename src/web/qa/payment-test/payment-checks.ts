import { plans } from '#core/billing/plans.ts';
import { CheckFailure, expectStatus, expectThat, type Check } from '../shared/checks.ts';
import {
  accountCalls,
  confirmDeclined,
  needsTestGateway,
  subscribeOrFail,
  type GatewayContext,
} from '../shared/billing/subscribe.ts';

export interface PaymentCheckContext extends GatewayContext {
  /** The plan the checks subscribed, once one did. */
  subscriptionId?: string;
}

/** The test toast each check raises when it fails. */
export const failureToasts: Record<string, string> = {
  subscribe: 'Subscription failed',
  history: 'Payment failed',
  upgrade: 'Upgrade failed',
  cancel: 'Cancellation failed',
  'declined-card': 'Payment failed',
  ach: 'Payment failed',
};

/** Subscribes the test mechanic to Basic with 4242, remembering the plan for later checks. */
async function subscribeBasic(context: PaymentCheckContext) {
  const subscribed = await subscribeOrFail(context, 'basic');
  context.subscriptionId = subscribed.plan.id;
  return subscribed;
}

/** The plan an earlier check subscribed, or a new Basic one. */
async function activePlan(context: PaymentCheckContext) {
  return context.subscriptionId ?? (await subscribeBasic(context)).plan.id;
}

/** Basic with the succeeding card: the plan is active at its price (the suite runs it too). */
export const subscribeCheck: Check<PaymentCheckContext> = {
  id: 'subscribe',
  name: 'Subscribe to Basic with card 4242 4242 4242 4242',
  async run(context) {
    const { plan, last } = await subscribeBasic(context);
    expectThat(plan.planType === 'basic', `Plan is ${plan.planType}`, last);
    expectThat(
      plan.price === plans.basic.priceCents / 100,
      `Charged ${plan.price}, expected ${plans.basic.priceCents / 100}`,
      last,
    );
    return {
      detail: `Basic plan active at $${plan.price}/month, renews ${plan.endDate?.slice(0, 10) ?? '—'}`,
      response: last,
    };
  },
};

/** The first payment is in the history (the suite runs it too). */
export const historyCheck: Check<PaymentCheckContext> = {
  id: 'history',
  name: 'The first payment is in the payment history',
  async run(context) {
    const subscriptionId = await activePlan(context);
    const response = expectStatus(
      await accountCalls(context).payments(context.account.user.id),
      200,
    );
    const paid = response.body.find(
      (p) => p.subscriptionId === subscriptionId && p.status === 'completed',
    );
    expectThat(paid, 'No completed payment for the plan in the history', response);
    return {
      detail: `$${paid!.amount} ${paid!.status} by ${paid!.cardBrand ?? 'card'} •••• ${paid!.cardLast4 ?? '?'}, receipt ${paid!.receiptNumber}`,
      response,
    };
  },
};

/** A plan cannot be paid by ACH (the suite runs it too). */
export const achCheck: Check<PaymentCheckContext> = {
  id: 'ach',
  name: 'ACH for a plan is refused (POST /api/payments, paymentMethod ach)',
  async run(context) {
    const calls = accountCalls(context);
    let subscriptionId = context.subscriptionId;
    if (!subscriptionId) {
      const created = expectStatus(await calls.createSubscription('basic'), 201);
      subscriptionId = created.body.subscriptionId;
    }
    const response = await calls.pay(subscriptionId, 'ach');
    expectThat(
      response.status === 400,
      `ACH was not refused: ${response.status} ${response.message}`,
      response,
    );
    return { detail: `Refused as expected: ${response.message}`, response };
  },
};

export const paymentChecks: readonly Check<PaymentCheckContext>[] = [
  subscribeCheck,
  historyCheck,
  {
    id: 'upgrade',
    name: 'Upgrade to Premium (PATCH /api/subscriptions/{id})',
    async run(context) {
      const subscriptionId = await activePlan(context);
      const response = expectStatus(
        await accountCalls(context).changePlan(subscriptionId, 'premium'),
        200,
      );
      expectThat(
        response.body.planType === 'premium',
        `Plan is still ${response.body.planType}`,
        response,
      );
      expectThat(
        response.body.price === plans.premium.priceCents / 100,
        `Price is ${response.body.price}, expected ${plans.premium.priceCents / 100}`,
        response,
      );
      return { detail: `Now Premium at $${response.body.price}/month`, response };
    },
  },
  {
    id: 'cancel',
    name: 'Cancel at the end of the paid period',
    async run(context) {
      const subscriptionId = await activePlan(context);
      const response = expectStatus(await accountCalls(context).cancel(subscriptionId), 200);
      expectThat(
        response.body.status === 'cancelled',
        `Status is ${response.body.status}, expected cancelled`,
        response,
      );
      const until = response.body.endDate;
      expectThat(
        until && new Date(until).getTime() > Date.now(),
        'A cancelled plan should run until the end of the paid period',
        response,
      );
      return { detail: `Cancelled; the plan works until ${until!.slice(0, 10)}`, response };
    },
  },
  {
    id: 'declined-card',
    name: 'A declined card (4000 0000 0000 0002) is refused',
    async run(context) {
      needsTestGateway(context);
      const calls = accountCalls(context);
      const created = await calls.createSubscription('basic');
      if (created.status === 409)
        throw new CheckFailure(
          'The test mechanic already has a plan; run this after Cancel or on its own',
          created,
        );
      expectStatus(created, 201);
      const confirmed = await confirmDeclined(calls, created.body.clientSecret);
      const plan = expectStatus(await calls.current(context.account.user.id), 200);
      expectThat(
        plan.body?.id !== created.body.subscriptionId || plan.body.status !== 'active',
        'The plan paid with a declined card is active',
        plan,
      );
      return {
        detail: `Refused as expected: ${confirmed.body.message ?? 'declined'} (${confirmed.body.code ?? 'no code'})`,
        response: confirmed,
      };
    },
  },
  achCheck,
];
