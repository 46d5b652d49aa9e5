import { achCheck, historyCheck, subscribeCheck } from '../payment-test/payment-checks.ts';
import { billingCalls } from '../shared/billing/billing-calls.ts';
import { confirmDeclined } from '../shared/billing/subscribe.ts';
import { expectStatus, focusCheck } from '../shared/checks.ts';
import { offContract } from '../shared/qa-api.ts';
import { paymentRun, requireTestGateway, type SuiteCheck } from './context.ts';

/**
 * The Payment Test page's subscription, history and ACH checks run here on the suite's test
 * mechanic; the declined card on a saved-card setup and the webhook signature are the suite's own.
 */
export const paymentChecks: readonly SuiteCheck[] = [
  focusCheck(subscribeCheck, 'payment-', paymentRun),
  focusCheck(historyCheck, 'payment-', paymentRun),
  {
    id: 'payment-declined',
    name: 'Declined card 4000 0000 0000 0002 refused when saving a card (setup intent)',
    async run(context) {
      await requireTestGateway(context);
      const calls = billingCalls(context.mechanic.api);
      const setup = expectStatus(await calls.setupIntent(), 200);
      const response = await confirmDeclined(calls, setup.body.clientSecret);
      return { detail: `Refused: ${response.body.message ?? response.body.code}`, response };
    },
  },
  focusCheck(achCheck, 'payment-', paymentRun),
  {
    id: 'payment-webhook-signature',
    name: 'Wrongly signed webhook refused (400)',
    async run(context) {
      const timestamp = Math.floor(Date.now() / 1000);
      const response = expectStatus(
        await context.mechanic.api.post('/payments/stripe-webhook', {
          // The route reads Stripe's raw event, outside the contract's bodies.
          body: offContract({
            id: `evt_qa_test_${timestamp}`,
            type: 'invoice.paid',
            data: { object: { id: 'in_qa_test' } },
          }),
          headers: { 'stripe-signature': `t=${timestamp},v1=${'0'.repeat(64)}` },
        }),
        400,
      );
      return { detail: `Refused as expected: ${response.message}`, response };
    },
  },
];
