import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCategoryChoices } from '../../../core/notification-preferences.ts';
import { deliveries } from '../../db/schema/index.ts';
import { mockTwilioAccount, startMockTwilio, type MockTwilio } from '../../test/mock-twilio.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import {
  confirmContacts,
  createTestApp,
  drainDeliveries,
  signUp,
  type TestAccount,
} from '../../test/test-app.ts';

const account = mockTwilioAccount();
const FROM = '+12145550100';
const PUBLIC_URL = 'https://truckfinder.example';
const TRUCK = { latitude: 35.0844, longitude: -106.6504 };
let mock: MockTwilio;
let t: Awaited<ReturnType<typeof createTestApp>>;
let driver: TestAccount;

beforeAll(async () => {
  mock = await startMockTwilio(account);
  t = await createTestApp({
    publicUrl: PUBLIC_URL,
    twilio: { ...account, sender: { from: FROM }, apiUrl: mock.url },
  });
  driver = await signUp(t.app);
});
afterAll(async () => {
  await t?.close();
  await mock?.close();
});

let phones = 0;
/** A mechanic near the truck who chose texts for job requests; `confirmed` says if the phone is. */
async function mechanicWhoChoseTexts(confirmed: boolean) {
  phones += 1;
  const phone = `(505) 555-${String(1000 + phones)}`;
  const mechanic = await signUp(t.app, { role: 'mechanic', phone });
  const business = await insertOwnedProvider(t.app.database.db, mechanic.user.id, {
    latitude: TRUCK.latitude + 0.01 * phones,
    longitude: TRUCK.longitude,
  });
  if (confirmed) await confirmContacts(t.app, mechanic.user.id);
  const channels = defaultCategoryChoices('mechanic');
  const saved = await t.api({
    method: 'PUT',
    url: '/api/notification-preferences',
    headers: { cookie: mechanic.cookie },
    payload: {
      channels: { ...channels, job_requests: { ...channels.job_requests, sms: true } },
      quietHours: null,
      timeZone: 'America/Denver',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...mechanic, providerId: business.id, e164: `+1505555${String(1000 + phones)}` };
}

async function askHelp(providerIds: string[]) {
  const asked = await t.api({
    method: 'POST',
    url: '/api/help-requests',
    headers: { cookie: driver.cookie },
    payload: {
      serviceType: 'Brake Repair',
      vehicleDetails: '2019 Peterbilt 579',
      location: 'I-40 exit 157, behind the Love’s',
      truckLocation: 'shoulder',
      ...TRUCK,
      providerIds,
    },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  await drainDeliveries(t.app);
}

const textsTo = (e164: string) => mock.sent.filter((m) => m.to === e164);

/** Twilio's Messaging webhook posting an incoming text, signed as Twilio signs it. */
async function reply(from: string, body: string) {
  const fields = { From: from, To: FROM, Body: body, AccountSid: account.accountSid };
  const response = await t.api({
    method: 'POST',
    url: '/api/sms/inbound',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(
        account.authToken,
        `${PUBLIC_URL}/api/sms/inbound`,
        fields,
      ),
    },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('texts through Twilio', () => {
  it('texts a help request to a provider who chose texts, only on a confirmed phone, with nothing of the driver’s', async () => {
    const [confirmed, unconfirmed] = [
      await mechanicWhoChoseTexts(true),
      await mechanicWhoChoseTexts(false),
    ];
    await askHelp([confirmed.providerId, unconfirmed.providerId]);
    expect(textsTo(unconfirmed.e164)).toEqual([]);
    const [text] = textsTo(confirmed.e164);
    expect(text).toMatchObject({ from: FROM });
    expect(text!.body).toMatch(
      /^Truck Finder: Urgent: driver needs help nearby\. A truck is stopped beside moving traffic\. Open the app to accept or pass\. https:\/\/truckfinder\.example\/bookings\?help=\S+$/,
    );
    expect(text!.body).not.toMatch(/I-40|Love|Peterbilt|35\.08|106\.65/);
    expect(text!.body).not.toContain(driver.account.name as string);
  });

  it('stops after STOP, and starts again after START', async () => {
    const mechanic = await mechanicWhoChoseTexts(true);
    await reply(mechanic.e164, 'Stop');
    await askHelp([mechanic.providerId]);
    expect(textsTo(mechanic.e164)).toEqual([]);
    const rows = await t.app.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.userId, mechanic.user.id));
    expect(rows.filter((row) => row.channel === 'sms')).toEqual([
      expect.objectContaining({ status: 'dropped', lastError: 'the phone answered STOP' }),
    ]);
    await reply(mechanic.e164, 'START');
    await askHelp([mechanic.providerId]);
    expect(textsTo(mechanic.e164)).toHaveLength(1);
  });

  it('retries a text Twilio could not take (429), then sends it', async () => {
    const mechanic = await mechanicWhoChoseTexts(true);
    mock.failNext(429, { retryAfter: '1' });
    await askHelp([mechanic.providerId]);
    expect(textsTo(mechanic.e164)).toEqual([]);
    const [row] = (
      await t.app.database.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.userId, mechanic.user.id))
    ).filter((r) => r.channel === 'sms');
    expect(row).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.stringMatching(/^429/),
    });
    await t.app.database.db
      .update(deliveries)
      .set({ nextAttemptAt: new Date() })
      .where(eq(deliveries.id, row!.id));
    await drainDeliveries(t.app);
    expect(textsTo(mechanic.e164)).toHaveLength(1);
  });
});

describe('a phone code through Twilio', () => {
  const askCode = (cookie: string) =>
    t.api({ method: 'POST', url: '/api/users/me/contacts/phone/code', headers: { cookie } });

  it('is texted after its commit and kept nowhere readable', async () => {
    const me = await signUp(t.app, { phone: '(505) 555-0301' });
    const answer = await askCode(me.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const [text] = textsTo('+15055550301');
    expect(text!.body).toMatch(/^Your Truck Finder code is \d{6}\. It expires in 10 minutes\.$/);
    const { outboxEmails } = await import('../../db/schema/index.ts');
    const kept = await t.app.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, '(505) 555-0301'));
    expect(kept).toEqual([]);
  });

  it('tells the person when it cannot go: STOP, a number Twilio refuses, Twilio down', async () => {
    const stopped = await signUp(t.app, { phone: '(505) 555-0302' });
    await reply('+15055550302', 'STOP');
    const refused = await askCode(stopped.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/answered STOP/);

    const invalid = await signUp(t.app, { phone: '+15005550001' });
    const bad = await askCode(invalid.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ phone: expect.stringMatching(/cannot text this number/) });

    const later = await signUp(t.app, { phone: '(505) 555-0303' });
    mock.failNext(503);
    // Straight through inject: the test helper refuses every 5xx, and this one is meant.
    const down = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/contacts/phone/code',
      headers: { cookie: later.cookie },
    });
    expect(down.statusCode).toBe(503);
    expect(down.json().error).toMatch(/Try again in a minute/);
  });
});
