import { expect, it } from 'vitest';
import { qaApi } from '../qa-api.ts';
import { billingCalls } from './billing-calls.ts';

const USER = '00000000-0000-4000-8000-000000000001';
const PLAN = '00000000-0000-4000-8000-000000000009';

it('sends each billing call to the address, with the method and body, it always had', async () => {
  const sent: string[] = [];
  const calls = billingCalls(
    qaApi({ token: 't' }, async (url, init) => {
      sent.push(`${init.method} ${url}${init.body === undefined ? '' : ` ${String(init.body)}`}`);
      return new Response('{}', { status: 200 });
    }),
  );
  await calls.createSubscription('basic');
  await calls.authenticate('pi_1_secret_2', true);
  await calls.subscriptions(USER);
  await calls.current(USER);
  await calls.changePlan(PLAN, 'premium');
  await calls.cancel(PLAN);
  await calls.payments(USER);
  await calls.setupIntent();
  await calls.pay(PLAN, 'ach');
  await calls.reminders(USER);
  await calls.sendReminder('r1');
  await calls.settings(USER);
  await calls.saveSettings(USER, {
    emailEnabled: true,
    smsEnabled: false,
    pushEnabled: true,
    daysBefore: [7, 1],
  });
  await calls.webhookTest({ sessionId: 'cs_1' });
  expect(sent).toEqual([
    'POST /api/create-subscription {"planType":"basic"}',
    'POST /api/test-gateway/authenticate {"clientSecret":"pi_1_secret_2","approve":true}',
    `GET /api/subscriptions/user/${USER}`,
    `GET /api/subscription/${USER}`,
    `PATCH /api/subscriptions/${PLAN} {"planType":"premium"}`,
    `POST /api/cancel-subscription {"subscriptionId":"${PLAN}"}`,
    `GET /api/payments/user/${USER}`,
    'POST /api/payment-methods/setup-intent',
    `POST /api/payments {"subscriptionId":"${PLAN}","paymentMethod":"ach"}`,
    `GET /api/payment-reminders/user/${USER}`,
    'POST /api/payment-reminders/r1/send',
    `GET /api/reminder-settings/${USER}`,
    `PUT /api/reminder-settings/${USER} {"emailEnabled":true,"smsEnabled":false,"pushEnabled":true,"daysBefore":[7,1]}`,
    'POST /api/stripe/webhook-test {"sessionId":"cs_1"}',
  ]);
});

it('answers the confirmation as the server gave it', async () => {
  const calls = billingCalls(
    qaApi({}, async (url, init) => {
      expect(url).toBe('/api/test-gateway/confirm');
      const body = JSON.parse(String(init.body)) as { card: { number: string } };
      expect(body.card.number).toBe('4000000000000002');
      return new Response(JSON.stringify({ status: 'failed', message: 'Declined', code: 'x' }));
    }),
  );
  const confirmed = await calls.confirm('pi_1_secret_2', '4000 0000 0000 0002');
  expect(confirmed).toMatchObject({ status: 200, ok: true, body: { status: 'failed' } });
});
