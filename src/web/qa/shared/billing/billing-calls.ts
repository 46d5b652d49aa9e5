import type { PlanType } from '#core/billing/plans.ts';
import type {
  ConfirmResult,
  ReminderSettings,
  Subscription,
  SubscriptionCheckout,
} from '#core/billing/schemas.ts';
import type { QaApi, QaResponse } from '../qa-api.ts';
import { testCard } from './test-cards.ts';

/** The billing calls the test pages make, each answering exactly what the server said. */
export const billingCalls = (api: QaApi) => ({
  createSubscription: (planType: PlanType) =>
    api.post('/create-subscription', { body: { planType } }),
  confirm: (clientSecret: string, cardNumber: string) =>
    api.post('/test-gateway/confirm', {
      body: { clientSecret, card: testCard(cardNumber) },
    }),
  authenticate: (clientSecret: string, approve: boolean) =>
    api.post('/test-gateway/authenticate', { body: { clientSecret, approve } }),
  subscriptions: (userId: string) =>
    api.get('/subscriptions/user/{userId}', { params: { path: { userId } } }),
  current: (userId: string) => api.get('/subscription/{userId}', { params: { path: { userId } } }),
  changePlan: (subscriptionId: string, planType: PlanType) =>
    api.patch('/subscriptions/{id}', {
      params: { path: { id: subscriptionId } },
      body: { planType },
    }),
  cancel: (subscriptionId: string) =>
    api.post('/cancel-subscription', { body: { subscriptionId } }),
  payments: (userId: string) =>
    api.get('/payments/user/{userId}', { params: { path: { userId } } }),
  setupIntent: () => api.post('/payment-methods/setup-intent'),
  pay: (subscriptionId: string, paymentMethod: 'card' | 'ach' | 'cash') =>
    api.post('/payments', { body: { subscriptionId, paymentMethod } }),
  reminders: (userId: string) =>
    api.get('/payment-reminders/user/{userId}', { params: { path: { userId } } }),
  createReminder: (body: {
    userId: string;
    subscriptionId: string;
    dueDate: string;
    reminderDate: string;
    amount: number;
    planType: PlanType;
    customerName: string;
  }) => api.post('/payment-reminders', { body }),
  sendReminder: (id: string) =>
    api.post('/payment-reminders/{id}/send', { params: { path: { id } } }),
  settings: (userId: string) =>
    api.get('/reminder-settings/{userId}', { params: { path: { userId } } }),
  saveSettings: (userId: string, settings: ReminderSettings) =>
    api.put('/reminder-settings/{userId}', { params: { path: { userId } }, body: settings }),
  /** Reports what the webhook endpoint answered the event it was sent (its own `status`). */
  webhookTest: (body: { sessionId: string; event?: string; verified?: boolean }) =>
    api.post('/stripe/webhook-test', { body }),
});

export interface SubscribeOutcome {
  calls: QaResponse[];
  checkout?: SubscriptionCheckout;
  confirm?: ConfirmResult;
  /** The plan as the server shows it after the payment. */
  plan?: Subscription | null;
  /** Why it stopped, when it did not end with an active plan. */
  failure?: string;
}

/**
 * Subscribes an account to a plan the way the billing page does in test mode: create the
 * subscription, confirm its first payment with a test card, then read the plan back.
 */
export async function subscribeWithCard(
  api: QaApi,
  userId: string,
  planType: PlanType,
  cardNumber: string,
): Promise<SubscribeOutcome> {
  const calls = billingCalls(api);
  const log: QaResponse[] = [];
  const created = await calls.createSubscription(planType);
  log.push(created);
  if (!created.ok) return { calls: log, failure: created.message };
  const checkout = created.body;
  const confirmed = await calls.confirm(checkout.clientSecret, cardNumber);
  log.push(confirmed);
  if (!confirmed.ok) return { calls: log, checkout, failure: confirmed.message };
  const confirm = confirmed.body;
  if (confirm.status !== 'succeeded')
    return {
      calls: log,
      checkout,
      confirm,
      failure:
        confirm.status === 'requires_action'
          ? 'The card asks for authentication'
          : (confirm.message ?? 'Your card was declined.'),
    };
  const plan = await calls.current(userId);
  log.push(plan);
  if (!plan.ok) return { calls: log, checkout, confirm, failure: plan.message };
  if (plan.body?.status !== 'active')
    return {
      calls: log,
      checkout,
      confirm,
      plan: plan.body,
      failure: `The payment went through but the plan is ${plan.body?.status ?? 'missing'}`,
    };
  return { calls: log, checkout, confirm, plan: plan.body };
}
