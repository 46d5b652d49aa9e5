import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../db/schema/index.ts';
import { mockTwilioAccount, startMockTwilio, type MockTwilio } from '../../test/mock-twilio.ts';
import { createTestApp } from '../../test/test-app.ts';
import {
  createOutboxSmsSender,
  createTwilioSmsSender,
  isOptedOut,
  optIn,
  optOut,
} from './index.ts';

const account = mockTwilioAccount();
const FROM = '+12145550100';
let twilio: MockTwilio;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  twilio = await startMockTwilio(account);
  t = await createTestApp({
    twilio: { ...account, sender: { from: FROM }, apiUrl: twilio.url },
  });
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
});

/** What the mock received from here on. */
const mark = () => {
  const requests = twilio.requests.length;
  const sent = twilio.sent.length;
  return {
    requests: () => twilio.requests.slice(requests),
    sent: () => twilio.sent.slice(sent),
  };
};

const basic = `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`;

describe('texts through Twilio', () => {
  it('says so in GET /api/meta', async () => {
    const meta = await t.api({ method: 'GET', url: '/api/meta' });
    expect(meta.json()).toMatchObject({ sms: 'provider' });
    expect(t.app.sms.mode).toBe('provider');
  });

  it('sends through the SDK: the E.164 number, our sender and the text, with the account credentials', async () => {
    const seen = mark();
    const outcome = await t.app.sms.deliver({
      to: '(214) 555-0142',
      text: 'Your truck is on the way',
    });
    const [request] = seen.requests();
    expect(request).toEqual({
      path: `/2010-04-01/Accounts/${account.accountSid}/Messages.json`,
      accountSid: account.accountSid,
      form: { To: '+12145550142', From: FROM, Body: 'Your truck is on the way' },
      authorization: basic,
      contentType: expect.stringMatching(/^application\/x-www-form-urlencoded/),
    });
    const [message] = seen.sent();
    expect(message).toMatchObject({
      to: '+12145550142',
      from: FROM,
      body: 'Your truck is on the way',
    });
    expect(outcome).toEqual({ result: 'sent', messageId: message!.sid });
    expect(message!.sid).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it('sends from a Messaging Service instead of a number when that is configured', async () => {
    const service = `MG${'ab'.repeat(16)}`;
    const sender = createTwilioSmsSender(t.app.database.db, {
      ...account,
      sender: { messagingServiceSid: service },
      apiUrl: twilio.url,
    });
    const seen = mark();
    const outcome = await sender.deliver({ to: '+1 713 555 0150', text: 'Hello' });
    expect(seen.requests()[0]!.form).toEqual({
      To: '+17135550150',
      MessagingServiceSid: service,
      Body: 'Hello',
    });
    expect(outcome).toMatchObject({ result: 'sent' });
  });

  it('reports a number Twilio refuses as a failure that no retry will mend', async () => {
    expect(await t.app.sms.deliver({ to: '+15005550001', text: 'x' })).toEqual({
      result: 'failed',
      retry: false,
      status: 400,
      code: 21211,
      error: "The 'To' number +15005550001 is not a valid phone number.",
    });
    expect(await t.app.sms.deliver({ to: '+15005550009', text: 'x' })).toMatchObject({
      result: 'failed',
      retry: false,
      status: 400,
      code: 21614,
    });
  });

  it('reports 429 and 5xx as failures to retry, with Twilio’s Retry-After when it gives one', async () => {
    twilio.failNext(429, { retryAfter: '30' });
    expect(await t.app.sms.deliver({ to: '(214) 555-0142', text: 'x' })).toEqual({
      result: 'failed',
      retry: true,
      status: 429,
      code: 20429,
      retryAfterSeconds: 30,
      error: 'Too Many Requests',
    });
    twilio.failNext(503, { retryAfter: new Date(Date.now() + 120_000).toUTCString() });
    const later = await t.app.sms.deliver({ to: '(214) 555-0142', text: 'x' });
    expect(later).toMatchObject({ result: 'failed', retry: true, status: 503 });
    expect(later).toHaveProperty('retryAfterSeconds', expect.any(Number));
    if (later.result === 'failed') expect(later.retryAfterSeconds).toBeGreaterThan(100);
    twilio.failNext(500);
    const failed = await t.app.sms.deliver({ to: '(214) 555-0142', text: 'x' });
    expect(failed).toMatchObject({ result: 'failed', retry: true, status: 500, code: 20500 });
    expect(failed).not.toHaveProperty('retryAfterSeconds');
    // Each failure was a single request: the SDK does not retry on its own.
    const seen = mark();
    expect(await t.app.sms.deliver({ to: '(214) 555-0142', text: 'x' })).toMatchObject({
      result: 'sent',
    });
    expect(seen.requests()).toHaveLength(1);
  });

  it('reports no answer at all (Twilio unreachable) as a failure to retry', async () => {
    const closed = await startMockTwilio(account);
    await closed.close();
    const sender = createTwilioSmsSender(t.app.database.db, {
      ...account,
      sender: { from: FROM },
      apiUrl: closed.url,
    });
    expect(await sender.deliver({ to: '(214) 555-0142', text: 'x' })).toMatchObject({
      result: 'failed',
      retry: true,
      status: null,
      code: null,
      error: expect.any(String),
    });
  });

  it('records an opt-out Twilio reports (21610) and sends that phone nothing more', async () => {
    const db = t.app.database.db;
    expect(await isOptedOut(db, '+15005550004')).toBe(false);
    expect(await t.app.sms.deliver({ to: '+15005550004', text: 'x' })).toEqual({
      result: 'opted_out',
    });
    expect(await isOptedOut(db, '+1 (500) 555-0004')).toBe(true);
    const seen = mark();
    expect(await t.app.sms.deliver({ to: '+15005550004', text: 'x' })).toEqual({
      result: 'opted_out',
    });
    expect(seen.requests()).toEqual([]);
  });

  it('sends nothing to a phone that answered STOP here, until it answers START', async () => {
    const db = t.app.database.db;
    await optOut(db, '(469) 555-0123');
    const seen = mark();
    expect(await t.app.sms.deliver({ to: '469-555-0123', text: 'x' })).toEqual({
      result: 'opted_out',
    });
    expect(seen.requests()).toEqual([]);
    await optIn(db, '+14695550123');
    expect(await t.app.sms.deliver({ to: '469-555-0123', text: 'x' })).toMatchObject({
      result: 'sent',
    });
  });

  it('refuses a phone that cannot be made E.164 without asking Twilio', async () => {
    const seen = mark();
    expect(await t.app.sms.deliver({ to: '555-0142', text: 'x' })).toEqual({
      result: 'failed',
      retry: false,
      status: null,
      code: null,
      error: 'not a phone number a text can reach: "555-0142"',
    });
    expect(seen.requests()).toEqual([]);
  });
});

describe('texts without an SMS provider', () => {
  let plain: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain?.close());

  it('says so in GET /api/meta, and keeps every text in the outbox', async () => {
    const meta = await plain.api({ method: 'GET', url: '/api/meta' });
    expect(meta.json()).toMatchObject({ sms: 'outbox' });
    const db = plain.app.database.db;
    const outcome = await plain.app.sms.deliver({ to: '(214) 555-0142', text: 'Kept here' });
    expect(outcome).toEqual({ result: 'sent', messageId: expect.any(String) });
    const [row] = await db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.id, outcome.result === 'sent' ? outcome.messageId : ''));
    expect(row).toMatchObject({
      channel: 'sms',
      to: '(214) 555-0142',
      text: 'Kept here',
      delivery: 'outbox',
    });
  });

  it('keeps nothing for a phone that answered STOP, nor for one that is no phone', async () => {
    const db = plain.app.database.db;
    const sender = createOutboxSmsSender(db);
    await optOut(db, '+12145550199');
    expect(await sender.deliver({ to: '(214) 555-0199', text: 'x' })).toEqual({
      result: 'opted_out',
    });
    expect(await sender.deliver({ to: 'call me', text: 'x' })).toMatchObject({
      result: 'failed',
      retry: false,
    });
    const kept = await db.select().from(outboxEmails).where(eq(outboxEmails.to, '(214) 555-0199'));
    expect(kept).toEqual([]);
  });
});
