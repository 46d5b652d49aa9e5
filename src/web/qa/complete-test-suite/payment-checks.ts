import { plans } from '#core/billing/plans.ts';
import { billingCalls } from '../shared/billing/billing-calls.ts';
import { confirmDeclined } from '../shared/billing/subscribe.ts';
import { SUCCEEDING_CARD } from '../shared/billing/test-cards.ts';
import { expectStatus, expectThat } from '../shared/checks.ts';
import {
  anySubscription,
  earlierOr,
  requestAs,
  requireTestGateway,
  shortId,
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
  const calls = billingCalls(mechanic.client);
  const checkout = expectStatus(await calls.createSubscription('basic'), 201);
  context.state.payment.subscriptionId = checkout.body.subscriptionId;
  expectThat(
    checkout.body.amount === BASIC_PRICE,
    `Charged ${checkout.body.amount}, not the plan price ${BASIC_PRICE}`,
    checkout,
  );
  const confirmed = expectStatus(
    await calls.confirm(checkout.body.clientSecret, SUCCEEDING_CARD),
    200,
  );
  expectThat(
    confirmed.body.status === 'succeeded',
    `Card confirmation ${confirmed.body.status}: ${confirmed.body.message ?? ''}`,
    confirmed,
  );
  const current = expectStatus(await calls.current(mechanic.user.id), 200);
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
      const subscriptionId = await earlierOr(
        context.state.payment.paidSubscriptionId,
        'Subscribing first',
        async () => (await subscribeAndPay(context)).body!.id,
      );
      const { mechanic } = context;
      const response = expectStatus(
        await billingCalls(mechanic.client).payments(mechanic.user.id),
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
      const calls = billingCalls(context.mechanic.client);
      const setup = expectStatus(await calls.setupIntent(), 200);
      const response = await confirmDeclined(calls, setup.body.clientSecret);
      return { detail: `Refused: ${response.body.message ?? response.body.code}`, response };
    },
  },
  {
    id: 'payment-ach',
    name: 'ACH refused (POST /api/payments, 400)',
    async run(context) {
      const subscriptionId = await anySubscription(context, context.state.payment);
      const response = expectStatus(
        await billingCalls(context.mechanic.client).pay(subscriptionId, 'ach'),
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
