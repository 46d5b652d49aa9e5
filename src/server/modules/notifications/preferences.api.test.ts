import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultCategoryChoices,
  type CategoryChoices,
} from '../../../core/notification-preferences.ts';
import type { NotificationPreferencesInput } from '../../../core/notification-preferences-schemas.ts';
import { deliveries, outboxEmails, serviceProviders } from '../../db/schema/index.ts';
import { registerMockDevice, startMockPushService } from '../../test/mock-push-service.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import {
  confirmContacts,
  createTestApp,
  drainDeliveries,
  signUp,
  type TestAccount,
} from '../../test/test-app.ts';
import { insertNotifications, type NewNotification } from './index.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let mock: Awaited<ReturnType<typeof startMockPushService>>;

beforeAll(async () => {
  t = await createTestApp();
  mock = await startMockPushService();
});
afterAll(async () => {
  await mock?.close();
  await t?.close();
});

const db = () => t.app.database.db;
const preferences = (cookie: string | undefined, payload?: unknown) =>
  t.api({
    method: payload === undefined ? 'GET' : 'PUT',
    url: '/api/notification-preferences',
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const UTC_NOW_QUIET = () => {
  const hour = new Date().getUTCHours();
  const pad = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
  return { start: pad(hour - 1), end: pad(hour + 2) };
};

/** A mechanic with a business in the given status, a device, and confirmed email and phone. */
async function provider(status: 'available' | 'busy' = 'available') {
  const account = await signUp(t.app, { role: 'mechanic' });
  const business = await insertOwnedProvider(db(), account.user.id);
  await db().update(serviceProviders).set({ status }).where(eq(serviceProviders.id, business.id));
  await confirmContacts(t.app, account.user.id);
  await registerMockDevice(t, mock, account.cookie);
  return account;
}

async function choose(account: TestAccount, change: Partial<NotificationPreferencesInput>) {
  const current = (await preferences(account.cookie)).json<NotificationPreferencesInput>();
  const { channels, quietHours, timeZone } = { ...current, ...change };
  const saved = await preferences(account.cookie, { channels, quietHours, timeZone });
  expect(saved.statusCode, saved.body).toBe(200);
}

const withChannels = (
  base: CategoryChoices,
  category: keyof CategoryChoices,
  change: Partial<CategoryChoices['payments']>,
): CategoryChoices => ({ ...base, [category]: { ...base[category], ...change } });

async function notify(row: NewNotification) {
  const [stored] = await db().transaction((tx) => insertNotifications(tx, [row]));
  return db()
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.eventKey, stored!.id), eq(deliveries.userId, row.userId)));
}

const helpNearby = (userId: string, urgent = true): NewNotification => ({
  userId,
  type: 'booking_update',
  title: 'Help needed nearby',
  message: 'A driver needs Brake Repair. Open the app to see where.',
  metadata: { helpRequestId: crypto.randomUUID(), urgent, category: 'job_requests' },
});

describe('GET and PUT /api/notification-preferences', () => {
  it('answers the role’s defaults until the user saves, and only to a signed-in user', async () => {
    expect((await preferences(undefined)).statusCode).toBe(401);
    const driver = await signUp(t.app);
    const mechanic = await signUp(t.app, { role: 'mechanic' });
    expect((await preferences(driver.cookie)).json()).toEqual({
      channels: defaultCategoryChoices('driver'),
      quietHours: null,
      timeZone: 'America/Chicago',
      categories: ['booking_updates', 'payments', 'reviews', 'account'],
      defaults: true,
    });
    expect((await preferences(mechanic.cookie)).json()).toMatchObject({
      channels: { job_requests: { in_app: true, push: true, email: true, sms: false } },
      categories: ['job_requests', 'booking_updates', 'payments', 'reviews', 'account'],
    });
  });

  it('saves the whole set for the caller only', async () => {
    const [me, other] = [await signUp(t.app), await signUp(t.app)];
    const wanted = {
      channels: withChannels(defaultCategoryChoices('driver'), 'booking_updates', { sms: true }),
      quietHours: { start: '21:30', end: '06:00' },
      timeZone: 'America/Denver',
    };
    const saved = await preferences(me.cookie, wanted);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...wanted, defaults: false });
    expect((await preferences(me.cookie)).json()).toMatchObject(wanted);
    expect((await preferences(other.cookie)).json()).toMatchObject({ defaults: true });
    const again = await preferences(me.cookie, { ...wanted, quietHours: null });
    expect(again.json()).toMatchObject({ quietHours: null, timeZone: 'America/Denver' });
  });

  it.each([
    ['no body', null],
    ['a missing category', { channels: { payments: defaultCategoryChoices('driver').payments } }],
    ['a channel that is not true or false', { channels: 'all' }],
    ['a time like 7pm', { quietHours: { start: '7pm', end: '06:00' } }],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }],
    ['a time zone that is a number', { timeZone: 5 }],
  ])('refuses %s with 400 and a message', async (_what, change) => {
    const me = await signUp(t.app);
    const body =
      change === null
        ? undefined
        : {
            channels: defaultCategoryChoices('driver'),
            quietHours: null,
            timeZone: 'UTC',
            ...change,
          };
    const response = await t.api({
      method: 'PUT',
      url: '/api/notification-preferences',
      headers: { cookie: me.cookie, 'content-type': 'application/json' },
      ...(body ? { payload: body } : {}),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toEqual(expect.any(String));
  });
});

describe('how a notification goes out', () => {
  it('pushes by default, and not once the user turned push off for the category', async () => {
    const mechanic = await provider();
    expect((await notify(helpNearby(mechanic.user.id))).map((d) => d.channel)).toEqual(['push']);
    await choose(mechanic, {
      channels: withChannels(defaultCategoryChoices('mechanic'), 'job_requests', { push: false }),
    });
    expect(await notify(helpNearby(mechanic.user.id))).toEqual([]);
  });

  it('emails only with Email Updates on, the category’s email chosen, and a confirmed address', async () => {
    const driver = await signUp(t.app);
    const receipt: NewNotification = {
      userId: driver.user.id,
      type: 'account_update',
      title: 'Payment receipt',
      message: 'You paid $79.99.',
      metadata: { category: 'payments' },
    };
    await t.api({
      method: 'PATCH',
      url: `/api/users/${driver.user.id}`,
      headers: { cookie: driver.cookie },
      payload: { settings: { emailUpdates: true } },
    });
    expect(await notify(receipt)).toEqual([]); // not confirmed yet
    await confirmContacts(t.app, driver.user.id);
    const [email] = await notify(receipt);
    expect(email).toMatchObject({
      channel: 'email',
      payload: {
        subject: 'Truck Finder: Payment receipt',
        text: expect.stringContaining('$79.99'),
      },
    });
    await drainDeliveries(t.app);
    const sent = await db()
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, driver.account.email));
    expect(sent.map((m) => m.subject).filter((subject) => subject.includes('receipt'))).toEqual([
      'Truck Finder: Payment receipt',
    ]);
    await choose(driver, {
      channels: withChannels(defaultCategoryChoices('driver'), 'payments', { email: false }),
    });
    expect(await notify(receipt)).toEqual([]);
  });

  it('texts a help request to a provider who chose texts, only to a confirmed phone, and nothing that is not urgent enough for a text', async () => {
    const mechanic = await provider();
    expect((await notify(helpNearby(mechanic.user.id))).map((d) => d.channel)).toEqual(['push']);
    await choose(mechanic, {
      channels: withChannels(defaultCategoryChoices('mechanic'), 'job_requests', { sms: true }),
    });
    const rows = await notify(helpNearby(mechanic.user.id));
    expect(rows.map((d) => d.channel).sort()).toEqual(['push', 'sms']);
    const sms = rows.find((d) => d.channel === 'sms')!;
    expect(sms.payload).toEqual({
      text: 'Truck Finder: Help needed nearby. A truck is stopped beside moving traffic. Open the app to accept or pass.',
      url: expect.stringMatching(/^\//),
    });
    // A booking change is never texted, whatever the category says.
    await choose(mechanic, {
      channels: withChannels(defaultCategoryChoices('mechanic'), 'booking_updates', { sms: true }),
    });
    const change = await notify({
      userId: mechanic.user.id,
      type: 'booking_update',
      title: 'Booking cancelled',
      message: 'x',
      metadata: { bookingId: crypto.randomUUID(), category: 'booking_updates' },
    });
    expect(change.map((d) => d.channel)).toEqual(['push']);
  });

  it('holds push and texts until quiet hours end, but not an urgent job request to an available provider', async () => {
    const available = await provider('available');
    const busy = await provider('busy');
    for (const who of [available, busy])
      await choose(who, {
        channels: withChannels(defaultCategoryChoices('mechanic'), 'job_requests', { sms: true }),
        quietHours: UTC_NOW_QUIET(),
        timeZone: 'UTC',
      });
    const soon = Date.now() + 5_000;
    for (const row of await notify(helpNearby(available.user.id)))
      expect(row.nextAttemptAt.getTime()).toBeLessThan(soon);
    const held = await notify(helpNearby(busy.user.id));
    expect(held.map((d) => d.channel).sort()).toEqual(['push', 'sms']);
    for (const row of held) {
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
      expect(row.nextAttemptAt.getUTCMinutes()).toBe(0);
    }
    // Not urgent: held even for the available provider.
    for (const row of await notify(helpNearby(available.user.id, false)))
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
  });

  it('drops an email or text whose address or phone is no longer confirmed when it goes out', async () => {
    const owner = await provider();
    await choose(owner, {
      channels: withChannels(defaultCategoryChoices('mechanic'), 'job_requests', { sms: true }),
    });
    const rows = await notify(helpNearby(owner.user.id));
    const { users } = await import('../../db/schema/index.ts');
    await db().update(users).set({ phoneVerifiedAt: null }).where(eq(users.id, owner.user.id));
    await drainDeliveries(t.app);
    const [sms] = await db()
      .select()
      .from(deliveries)
      .where(eq(deliveries.id, rows.find((d) => d.channel === 'sms')!.id));
    expect(sms).toMatchObject({ status: 'dropped', lastError: 'phone not confirmed' });
  });
});
