import type { PlanType } from '#core/billing/plans.ts';
import type {
  ConfirmResult,
  Payment,
  PaymentReminder,
  PaymentResult,
  ReminderSettings,
  Subscription,
  SubscriptionCheckout,
} from '#core/billing/schemas.ts';
import type { QaClient, QaResponse } from '../qa-client.ts';
import { testCard } from './test-cards.ts';

/** The billing calls the test pages make, each answering exactly what the server said. */
export const billingCalls = (client: QaClient) => ({
  createSubscription: (planType: PlanType) =>
    client.post<SubscriptionCheckout>('/api/create-subscription', { planType }),
  confirm: (clientSecret: string, cardNumber: string) =>
    client.post<ConfirmResult>('/api/test-gateway/confirm', {
      clientSecret,
      card: testCard(cardNumber),
    }),
  authenticate: (clientSecret: string, approve: boolean) =>
    client.post<ConfirmResult>('/api/test-gateway/authenticate', { clientSecret, approve }),
  subscriptions: (userId: string) =>
    client.get<Subscription[]>(`/api/subscriptions/user/${userId}`),
  current: (userId: string) => client.get<Subscription | null>(`/api/subscription/${userId}`),
  changePlan: (subscriptionId: string, planType: PlanType) =>
    client.patch<Subscription>(`/api/subscriptions/${subscriptionId}`, { planType }),
  cancel: (subscriptionId: string) =>
    client.post<Subscription>('/api/cancel-subscription', { subscriptionId }),
  payments: (userId: string) => client.get<Payment[]>(`/api/payments/user/${userId}`),
  setupIntent: () => client.post<{ clientSecret: string }>('/api/payment-methods/setup-intent'),
  pay: (subscriptionId: string, paymentMethod: 'card' | 'ach' | 'cash') =>
    client.post<PaymentResult>('/api/payments', { subscriptionId, paymentMethod }),
  reminders: (userId: string) =>
    client.get<PaymentReminder[]>(`/api/payment-reminders/user/${userId}`),
  createReminder: (body: {
    userId: string;
    subscriptionId: string;
    dueDate: string;
    reminderDate: string;
    amount: number;
    planType: PlanType;
    customerName: string;
  }) => client.post<PaymentReminder>('/api/payment-reminders', body),
  sendReminder: (id: string) => client.post<PaymentReminder>(`/api/payment-reminders/${id}/send`),
  settings: (userId: string) => client.get<ReminderSettings>(`/api/reminder-settings/${userId}`),
  saveSettings: (userId: string, settings: ReminderSettings) =>
    client.put<ReminderSettings>(`/api/reminder-settings/${userId}`, settings),
  webhookTest: (body: { sessionId: string; event?: string; verified?: boolean }) =>
    client.post<WebhookTestAnswer>('/api/stripe/webhook-test', body),
});

/** What `POST /api/stripe/webhook-test` reports about the event it sent to the webhook endpoint. */
export interface WebhookTestAnswer {
  eventId: string;
  /** The webhook endpoint's own HTTP status. */
  status: number;
  verified: boolean;
  error: string | null;
}

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
  client: QaClient,
  userId: string,
  planType: PlanType,
  cardNumber: string,
): Promise<SubscribeOutcome> {
  const calls = billingCalls(client);
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
