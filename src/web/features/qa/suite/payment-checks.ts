import { plans } from '../../../../core/billing/plans.ts';
import type {
  ConfirmResult,
  Payment,
  Subscription,
  SubscriptionCheckout,
} from '../../../../core/billing/schemas.ts';
import { expectStatus, expectThat } from '../checks.ts';
import {
  TEST_CARDS,
  anySubscription,
  requestAs,
  requireTestGateway,
  shortId,
  step,
  testCard,
  type SuiteCheck,
  type SuiteContext,
} from './context.ts';

const BASIC_PRICE = plans.basic.priceCents / 100;

/**
 * The test mechanic subscribes to Basic and pays the first month with the Visa test card, as the
 * payment form does; answers the plan now in force.
 */
async function subscribeAndPay(context: SuiteContext) {
  await requireTestGateway(context);
  const { mechanic } = context;
  const checkout = expectStatus(
    await mechanic.client.post<SubscriptionCheckout>('/api/create-subscription', {
      planType: 'basic',
    }),
    201,
  );
  context.state.payment.subscriptionId = checkout.body.subscriptionId;
  expectThat(
    checkout.body.amount === BASIC_PRICE,
    `Charged ${checkout.body.amount}, not the plan price ${BASIC_PRICE}`,
    checkout,
  );
  const confirmed = expectStatus(
    await mechanic.client.post<ConfirmResult>('/api/test-gateway/confirm', {
      clientSecret: checkout.body.clientSecret,
      card: testCard(TEST_CARDS.visa),
    }),
    200,
  );
  expectThat(
    confirmed.body.status === 'succeeded',
    `Card confirmation ${confirmed.body.status}: ${confirmed.body.message ?? ''}`,
    confirmed,
  );
  const current = expectStatus(
    await mechanic.client.get<Subscription | null>(`/api/subscription/${mechanic.user.id}`),
    200,
  );
  expectThat(
    current.body?.id === checkout.body.subscriptionId,
    'The new plan is not the one in force',
    current,
  );
  expectThat(current.body?.status === 'active', `The plan is ${current.body?.status}`, current);
  context.state.payment.paidSubscriptionId = current.body!.id;
  return current;
}

export const paymentChecks: readonly SuiteCheck[] = [
  {
    id: 'payment-subscribe',
    name: 'Subscribe to Basic and pay with the test card 4242… (plan active)',
    async run(context) {
      const response = await subscribeAndPay(context);
      return {
        detail: `Basic plan ${shortId(response.body!.id)} active at $${response.body!.price.toFixed(2)}/month`,
        response,
      };
    },
  },
  {
    id: 'payment-history',
    name: 'Payment history lists the first month',
    async run(context) {
      const subscriptionId =
        context.state.payment.paidSubscriptionId ??
        (await step('Subscribing first', () => subscribeAndPay(context))).body!.id;
      const { mechanic } = context;
      const response = expectStatus(
        await mechanic.client.get<Payment[]>(`/api/payments/user/${mechanic.user.id}`),
        200,
      );
      const payment = response.body.find((p) => p.subscriptionId === subscriptionId);
      expectThat(payment, 'No payment for the plan in the history', response);
      expectThat(payment!.status === 'completed', `The payment is ${payment!.status}`, response);
      return {
        detail: `$${payment!.amount.toFixed(2)} ${payment!.status}, ${payment!.cardBrand ?? 'card'} •••• ${payment!.cardLast4 ?? '?'}, receipt ${payment!.receiptNumber}`,
        response,
      };
    },
  },
  {
    id: 'payment-declined',
    name: 'Declined card 4000 0000 0000 0002 refused',
    async run(context) {
      await requireTestGateway(context);
      const { mechanic } = context;
      const setup = expectStatus(
        await mechanic.client.post<{ clientSecret: string }>('/api/payment-methods/setup-intent'),
        200,
      );
      const response = expectStatus(
        await mechanic.client.post<ConfirmResult>('/api/test-gateway/confirm', {
          clientSecret: setup.body.clientSecret,
          card: testCard(TEST_CARDS.declined),
        }),
        200,
      );
      expectThat(
        response.body.status === 'failed',
        `The declined card was ${response.body.status}`,
        response,
      );
      return { detail: `Refused: ${response.body.message ?? response.body.code}`, response };
    },
  },
  {
    id: 'payment-ach',
    name: 'ACH refused (POST /api/payments, 400)',
    async run(context) {
      const subscriptionId = await anySubscription(context, context.state.payment);
      const response = expectStatus(
        await context.mechanic.client.post('/api/payments', {
          subscriptionId,
          paymentMethod: 'ach',
        }),
        400,
      );
      return { detail: `Refused as expected: ${response.message}`, response };
    },
  },
  {
    id: 'payment-webhook-signature',
    name: 'Wrongly signed webhook refused (400)',
    async run(context) {
      const timestamp = Math.floor(Date.now() / 1000);
      const response = expectStatus(
        await requestAs(
          context.mechanic.token,
          'POST',
          '/api/payments/stripe-webhook',
          {
            id: `evt_qa_test_${timestamp}`,
            type: 'invoice.paid',
            data: { object: { id: 'in_qa_test' } },
          },
          { 'stripe-signature': `t=${timestamp},v1=${'0'.repeat(64)}` },
        ),
        400,
      );
      return { detail: `Refused as expected: ${response.message}`, response };
    },
  },
];
