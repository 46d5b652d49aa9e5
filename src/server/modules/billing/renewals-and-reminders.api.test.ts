import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCategoryChoices } from '../../../core/notification-preferences.ts';
import {
  deliveries,
  notifications,
  outboxEmails,
  paymentReminders,
} from '../../db/schema/index.ts';
import { cards, currentPlan, paymentsOf, saveCard, subscribe } from '../../test/billing.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { confirmContacts, createTestApp, drainDeliveries, signUp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);

async function subscribedProvider(plan = 'premium') {
  const mechanic = await signUp(t.app, { role: 'mechanic' });
  await insertOwnedProvider(t.app.database.db, mechanic.user.id);
  await confirmContacts(t.app, mechanic.user.id);
  await subscribe(t, mechanic.cookie, plan);
  return { ...mechanic, plan: (await currentPlan(t, mechanic.cookie, mechanic.user.id))! };
}

const titlesOf = async (userId: string) =>
  (
    await t.app.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, userId))
  ).map((n) => n.title);

/** The titles of the plan reminders a user was told, sorted. */
const remindersTold = async (userId: string) =>
  (await titlesOf(userId)).filter((title) => title.includes(' plan renews ')).sort();

describe('renewals (the test gateway, run by the scheduled job)', () => {
  it('renews a due plan with its card: a new month and a renewal payment', async () => {
    const mechanic = await subscribedProvider();
    await t.app.billing.renewals(later(mechanic.plan.endDate, 60_000));
    const renewed = (await currentPlan(t, mechanic.cookie, mechanic.user.id))!;
    expect(renewed.status).toBe('active');
    expect(Date.parse(renewed.endDate)).toBeGreaterThan(
      Date.parse(mechanic.plan.endDate) + 27 * DAY,
    );
    const history = await paymentsOf(t, mechanic.cookie, mechanic.user.id);
    expect(history.map((p) => [p.description, p.status])).toEqual(
      expect.arrayContaining([
        ['Premium plan — monthly renewal', 'completed'],
        ['Premium plan — first month', 'completed'],
      ]),
    );
    expect(await titlesOf(mechanic.user.id)).toContain('Payment receipt');
    // Running again at the same time renews nothing twice.
    await t.app.billing.renewals(later(mechanic.plan.endDate, 120_000));
    expect(await paymentsOf(t, mechanic.cookie, mechanic.user.id)).toHaveLength(2);
  });

  it('a declined renewal goes past due, is retried, then cancels the plan — each step told', async () => {
    const mechanic = await subscribedProvider();
    const { cards: saved } = await saveCard(t, mechanic.cookie, cards.declinesLater);
    const failing = saved.find((c) => c.last4 === '0341')!;
    const setDefault = await t.api({
      method: 'POST',
      url: `/api/payment-methods/${failing.id}/default`,
      headers: { cookie: mechanic.cookie },
    });
    expect(setDefault.json().find((c: { id: string }) => c.id === failing.id).isDefault).toBe(true);

    const due = later(mechanic.plan.endDate, 60_000);
    await t.app.billing.renewals(due);
    expect((await currentPlan(t, mechanic.cookie, mechanic.user.id))!.status).toBe('past_due');
    await t.app.billing.renewals(new Date(due.getTime() + DAY + 60_000));
    expect((await currentPlan(t, mechanic.cookie, mechanic.user.id))!.status).toBe('past_due');
    await t.app.billing.renewals(new Date(due.getTime() + 3 * DAY + 120_000));
    expect(await currentPlan(t, mechanic.cookie, mechanic.user.id)).toBeNull();

    const failures = (await paymentsOf(t, mechanic.cookie, mechanic.user.id)).filter(
      (p) => p.status === 'failed',
    );
    expect(failures.map((p) => p.description).sort()).toEqual([
      'Premium plan — renewal attempt 1',
      'Premium plan — renewal attempt 2',
      'Premium plan — renewal attempt 3',
    ]);
    const titles = await titlesOf(mechanic.user.id);
    expect(titles.filter((title) => title === 'Payment failed')).toHaveLength(3);
    expect(titles).toContain('Subscription cancelled');
  });

  it('a past-due plan is paid now with a good card and is active again', async () => {
    const mechanic = await subscribedProvider('basic');
    const { cards: saved } = await saveCard(t, mechanic.cookie, cards.declinesLater);
    const good = saved.find((c) => c.last4 === '4242')!;
    await t.api({
      method: 'POST',
      url: `/api/payment-methods/${saved.find((c) => c.last4 === '0341')!.id}/default`,
      headers: { cookie: mechanic.cookie },
    });
    await t.app.billing.renewals(later(mechanic.plan.endDate, 60_000));
    const pastDue = (await currentPlan(t, mechanic.cookie, mechanic.user.id))!;
    expect(pastDue.status).toBe('past_due');

    const pay = () =>
      t.api({
        method: 'POST',
        url: '/api/payments',
        headers: { cookie: mechanic.cookie },
        payload: { subscriptionId: pastDue.id, paymentMethod: 'card' },
      });
    const declined = await pay();
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe('Your card was declined.');
    await t.api({
      method: 'POST',
      url: `/api/payment-methods/${good.id}/default`,
      headers: { cookie: mechanic.cookie },
    });
    const paid = await pay();
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().payment).toMatchObject({ status: 'completed', amount: 29.99 });
    expect((await currentPlan(t, mechanic.cookie, mechanic.user.id))!.status).toBe('active');
    expect((await pay()).statusCode).toBe(409);
  });
});

describe('payment reminders', () => {
  const remindersOf = (userId: string) =>
    t.app.database.db.select().from(paymentReminders).where(eq(paymentReminders.userId, userId));

  it('quotes the cheaper plan once a downgrade waits for the renewal', async () => {
    const mechanic = await subscribedProvider('premium');
    const due = Date.parse(mechanic.plan.endDate);
    await t.app.billing.reminders.run(new Date(due - 7 * DAY + 60_000));
    const down = await t.api({
      method: 'PATCH',
      url: `/api/subscriptions/${mechanic.plan.id}`,
      headers: { cookie: mechanic.cookie },
      payload: { planType: 'basic' },
    });
    expect(down.json()).toMatchObject({ planType: 'premium', scheduledPlanType: 'basic' });
    await t.app.billing.reminders.run(new Date(due - 7 * DAY + 120_000));
    const planned = await remindersOf(mechanic.user.id);
    expect(planned.map((r) => [r.daysBefore, r.status, r.planType, r.amount]).sort()).toEqual([
      [1, 'pending', 'basic', 29.99],
      [3, 'pending', 'basic', 29.99],
      // Sent before the change, as it was.
      [7, 'sent', 'premium', 79.99],
    ]);
    // Every test account has the same phone: no texts of this plan in the next tests' outbox.
    await t.api({
      method: 'POST',
      url: '/api/cancel-subscription',
      headers: { cookie: mechanic.cookie },
      payload: { subscriptionId: mechanic.plan.id },
    });
  });

  it('plans 7, 3 and 1 days before a renewal and sends each once, even with two runners at once', async () => {
    const mechanic = await subscribedProvider();
    const due = Date.parse(mechanic.plan.endDate);
    const at = new Date(due - 7 * DAY + 60_000);
    await Promise.all([t.app.billing.reminders.run(at), t.app.billing.reminders.run(at)]);
    await drainDeliveries(t.app);
    const planned = await remindersOf(mechanic.user.id);
    expect(planned.map((r) => [r.daysBefore, r.reminderType, r.status]).sort()).toEqual([
      [1, 'push', 'pending'],
      [3, 'sms', 'pending'],
      [7, 'email', 'sent'],
    ]);
    const emails = await t.app.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, mechanic.account.email));
    const renewal = emails.filter((e) => e.subject.includes('renews on'));
    expect(renewal).toHaveLength(1);
    expect(renewal[0]!.text).toContain('Test mode — no real charge');
    expect(await remindersTold(mechanic.user.id)).toEqual(['Your Premium plan renews in 7 days']);

    // Three days before: the sms reminder goes out as a text (to the outbox) too.
    await Promise.all([
      t.app.billing.reminders.run(new Date(due - 3 * DAY + 60_000)),
      t.app.billing.reminders.run(new Date(due - 3 * DAY + 60_000)),
    ]);
    await drainDeliveries(t.app);
    const texts = await t.app.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.channel, 'sms'), eq(outboxEmails.to, mechanic.account.phone)));
    expect(texts).toHaveLength(1);
    expect(await remindersTold(mechanic.user.id)).toEqual([
      'Your Premium plan renews in 3 days',
      'Your Premium plan renews in 7 days',
    ]);
  });

  it('emails a reminder once with Email Updates on, and holds its text in quiet hours', async () => {
    const mechanic = await subscribedProvider();
    await t.api({
      method: 'PATCH',
      url: `/api/users/${mechanic.user.id}`,
      headers: { cookie: mechanic.cookie },
      payload: { settings: { emailUpdates: true } },
    });
    const due = Date.parse(mechanic.plan.endDate);
    await t.app.billing.reminders.run(new Date(due - 7 * DAY + 60_000));
    await drainDeliveries(t.app);
    const emails = await t.app.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, mechanic.account.email));
    expect(emails.filter((e) => /renew/i.test(e.subject))).toHaveLength(1);

    const at = new Date(due - 3 * DAY + 60_000);
    const hour = at.getUTCHours();
    const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    const channels = defaultCategoryChoices('mechanic');
    const quiet = await t.api({
      method: 'PUT',
      url: '/api/notification-preferences',
      headers: { cookie: mechanic.cookie },
      payload: {
        channels,
        quietHours: { start: hh(hour - 1), end: hh(hour + 2) },
        timeZone: 'UTC',
      },
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    await t.app.billing.reminders.run(at);
    const [text] = await t.app.database.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.userId, mechanic.user.id), eq(deliveries.channel, 'sms')));
    expect(text!.nextAttemptAt.getTime()).toBeGreaterThan(at.getTime() + 55 * 60_000);
    expect(text!.nextAttemptAt.getUTCMinutes()).toBe(0);
    // Every test account has the same phone: no texts of this plan in the next tests' outbox.
    await t.app.database.db.delete(deliveries).where(eq(deliveries.id, text!.id));
  });

  it('respects the settings: the days chosen and the channels turned off', async () => {
    const mechanic = await subscribedProvider();
    const settingsUrl = `/api/reminder-settings/${mechanic.user.id}`;
    expect(
      (
        await t.api({ method: 'GET', url: settingsUrl, headers: { cookie: mechanic.cookie } })
      ).json(),
    ).toEqual({
      emailEnabled: true,
      smsEnabled: true,
      pushEnabled: true,
      daysBefore: [7, 3, 1],
    });
    const saved = await t.api({
      method: 'PUT',
      url: settingsUrl,
      headers: { cookie: mechanic.cookie },
      payload: { emailEnabled: false, smsEnabled: false, pushEnabled: true, daysBefore: [2, 5] },
    });
    expect(saved.json().daysBefore).toEqual([5, 2]);
    for (const payload of [
      { emailEnabled: true, smsEnabled: true, pushEnabled: true, daysBefore: [] },
      { emailEnabled: true, smsEnabled: true, pushEnabled: true, daysBefore: [3, 3] },
      { emailEnabled: true, smsEnabled: true, pushEnabled: true, daysBefore: [40] },
      { emailEnabled: 'yes', smsEnabled: true, pushEnabled: true, daysBefore: [3] },
      { emailEnabled: true, smsEnabled: true, pushEnabled: true, daysBefore: [3], extra: 1 },
    ])
      expect(
        (
          await t.api({
            method: 'PUT',
            url: settingsUrl,
            headers: { cookie: mechanic.cookie },
            payload,
          })
        ).statusCode,
      ).toBe(400);

    const due = Date.parse(mechanic.plan.endDate);
    await t.app.billing.reminders.run(new Date(due - 5 * DAY + 60_000));
    await t.app.billing.reminders.run(new Date(due - 2 * DAY + 60_000));
    await drainDeliveries(t.app);
    const rows = await remindersOf(mechanic.user.id);
    expect(rows.map((r) => r.daysBefore).sort()).toEqual([2, 5]);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    const messages = await t.app.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, mechanic.account.email));
    expect(messages.filter((m) => m.subject.includes('renews on'))).toHaveLength(0);
    expect(await remindersTold(mechanic.user.id)).toEqual([
      'Your Premium plan renews in 2 days',
      'Your Premium plan renews in 5 days',
    ]);
  });

  it('a cancelled plan gets no more reminders', async () => {
    const mechanic = await subscribedProvider();
    const due = Date.parse(mechanic.plan.endDate);
    await t.app.billing.reminders.run(new Date(due - 8 * DAY));
    expect((await remindersOf(mechanic.user.id)).length).toBe(3);
    await t.api({
      method: 'POST',
      url: '/api/cancel-subscription',
      headers: { cookie: mechanic.cookie },
      payload: { subscriptionId: mechanic.plan.id },
    });
    await t.app.billing.reminders.run(new Date(due - 8 * DAY));
    expect(await remindersOf(mechanic.user.id)).toEqual([]);
  });

  it('POST /api/payment-reminders plans one from the subscription, and /send sends it now', async () => {
    const mechanic = await subscribedProvider();
    const other = await signUp(t.app, { role: 'mechanic' });
    const dueDate = new Date(Date.now() + 7 * DAY).toISOString();
    const reminderDate = new Date(Date.now() + 3 * DAY).toISOString();
    const create = (cookie: string, payload: object) =>
      t.api({ method: 'POST', url: '/api/payment-reminders', headers: { cookie }, payload });
    const body = {
      userId: mechanic.user.id,
      subscriptionId: mechanic.plan.id,
      dueDate,
      reminderDate,
      amount: 0.01,
      planType: 'basic',
      customerName: '<b>Someone</b>',
    };
    const created = await create(mechanic.cookie, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      amount: 79.99,
      planType: 'premium',
      customerName: mechanic.account.name,
      daysBefore: 4,
      reminderType: 'sms',
      status: 'pending',
    });
    expect((await create(mechanic.cookie, body)).statusCode).toBe(200);
    expect((await create(other.cookie, { ...body, userId: other.user.id })).statusCode).toBe(404);
    expect((await create(other.cookie, body)).statusCode).toBe(403);
    expect(
      (await create(mechanic.cookie, { ...body, reminderDate: dueDate, dueDate: reminderDate }))
        .statusCode,
    ).toBe(400);
    expect((await create(mechanic.cookie, { ...body, dueDate: 'tomorrow' })).statusCode).toBe(400);

    const id = created.json().id;
    expect(
      (
        await t.api({
          method: 'POST',
          url: `/api/payment-reminders/${id}/send`,
          headers: { cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(404);
    const sent = await t.api({
      method: 'POST',
      url: `/api/payment-reminders/${id}/send`,
      headers: { cookie: mechanic.cookie },
    });
    expect(sent.json()).toMatchObject({ status: 'sent', sentAt: expect.any(String) });
    expect(await remindersTold(mechanic.user.id)).toEqual(['Your Premium plan renews in 7 days']);
  });
});
