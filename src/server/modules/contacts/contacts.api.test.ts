import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CODE_EXPIRED_MESSAGE,
  CODE_SPENT_MESSAGE,
  INVALID_CONTACT_LINK_MESSAGE,
  NO_CODE_MESSAGE,
  PHONE_CODE_FORMAT_MESSAGE,
  wrongCodeMessage,
} from '../../../core/contacts/schemas.ts';
import { contactVerifications, outboxEmails, users } from '../../db/schema/index.ts';
import { createCast } from '../../test/cast.ts';
import { createTestApp, drainDeliveries, signUp, type TestAccount } from '../../test/test-app.ts';
import { USER_LIMITS } from '../auth/user-limits.ts';
import { insertNotifications } from '../notifications/index.ts';
import {
  CONFIRM_EMAIL_SUBJECT,
  EMAIL_ALREADY_CONFIRMED,
  LINK_FOR_OLD_ADDRESS,
  PHONE_ALREADY_CONFIRMED,
} from './contacts.service.ts';
import { confirmedContacts } from './index.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://truckfinder.example' });
  adminCookie = (await createCast(t.app)).admin.cookie;
});
afterAll(() => t.close());

let phoneCounter = 0;
/** A phone of its own for each account, so its texts can be told apart in the outbox. */
const nextPhone = () => {
  phoneCounter += 1;
  return `(469) 555-${String(1000 + phoneCounter)}`;
};
const newUser = () => signUp(t.app, { phone: nextPhone() });

let addressCounter = 0;
/** Each request from an address of its own: the per-address limits are not what is tested here. */
const post = (url: string, cookie?: string, payload?: object) =>
  t.api({
    method: 'POST',
    url,
    remoteAddress: `10.9.${(addressCounter += 1) >> 8}.${addressCounter & 255}`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
const me = async (cookie: string) =>
  (await t.api({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json();
const outbox = async (to: string) =>
  (
    await t.api({
      method: 'GET',
      url: `/api/admin/outbox?to=${encodeURIComponent(to)}`,
      headers: { cookie: adminCookie },
    })
  ).json() as { subject: string; text: string }[];

/** The newest confirmation link mailed to an address (the one at sign-up goes after the answer). */
async function linkTokenFor(email: string, notBefore?: string) {
  let token: string | undefined;
  await vi.waitFor(
    async () => {
      const mails = (await outbox(email)).filter((m) => m.subject === CONFIRM_EMAIL_SUBJECT);
      token = /https:\/\/truckfinder\.example\/confirm-contact\?token=([\w-]+)/.exec(
        mails[0]?.text ?? '',
      )?.[1];
      expect(token, `no confirmation link to ${email}`).toBeDefined();
      expect(token).not.toBe(notBefore);
    },
    { timeout: 15_000, interval: 50 },
  );
  return token!;
}

/** The newest code texted to a phone. */
async function codeFor(phone: string) {
  const [text] = await outbox(phone);
  const code = /^Your Truck Finder code is (\d{6})\. It expires in 10 minutes\.$/.exec(
    text?.text ?? '',
  )?.[1];
  expect(code, `no code texted to ${phone}: ${text?.text}`).toBeDefined();
  return code!;
}

const confirmLink = (token: string, cookie?: string) =>
  post('/api/contacts/email/confirm', cookie, { token });
const sendLink = (cookie: string) => post('/api/users/me/contacts/email/confirmation', cookie);
const sendCode = (cookie: string) => post('/api/users/me/contacts/phone/code', cookie);
const confirmCode = (cookie: string, code: unknown) =>
  post('/api/users/me/contacts/phone/confirm', cookie, { code });
const ageRow = (userId: string, kind: 'email' | 'phone') =>
  t.app.database.db
    .update(contactVerifications)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(
      sql`${contactVerifications.userId} = ${userId} and ${contactVerifications.kind} = ${kind}`,
    );

describe('the email, confirmed by a link', () => {
  it('mails the link at sign-up; opened signed out, it confirms the address once', async () => {
    const driver = await newUser();
    expect((await me(driver.cookie)).contacts).toEqual({
      emailConfirmed: false,
      phoneConfirmed: false,
    });
    const token = await linkTokenFor(driver.account.email);
    const [mail] = await outbox(driver.account.email);
    expect(mail!.subject).toBe(CONFIRM_EMAIL_SUBJECT);
    expect(mail!.text).toContain('expires in 24 hours');
    // Only the hash is kept, and it lives 24 hours.
    const [row] = await t.app.database.db
      .select()
      .from(contactVerifications)
      .where(eq(contactVerifications.userId, driver.user.id));
    expect(row!.secretHash).not.toBe(token);
    expect(row!.target).toBe(driver.account.email);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    const confirmed = await confirmLink(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      email: driver.account.email,
      message: `${driver.account.email} is confirmed. Notification emails can go there now.`,
    });
    expect((await me(driver.cookie)).contacts).toEqual({
      emailConfirmed: true,
      phoneConfirmed: false,
    });
    const again = await confirmLink(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: INVALID_CONTACT_LINK_MESSAGE,
      fields: { token: INVALID_CONTACT_LINK_MESSAGE },
    });
    expect((await sendLink(driver.cookie)).json()).toEqual({ error: EMAIL_ALREADY_CONFIRMED });
  });

  it('mails the link to a provider who applies too', async () => {
    const email = `apply-${Date.now()}@example.com`;
    const applied = await post('/api/provider-applications', undefined, {
      businessName: 'Contact Check Diesel',
      contactName: 'Cora Check',
      email,
      password: 'correct horse battery',
      phone: nextPhone(),
      serviceType: 'mobile_mechanic',
      businessAddress: '1 Main St',
      city: 'Dallas',
      state: 'TX',
      zipCode: '75201',
      visitFee: 80,
      hourlyRate: 100,
      licenseNumber: 'TX-1',
      insurancePolicy: 'POL-1',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json().user.contacts.emailConfirmed).toBe(false);
    expect((await confirmLink(await linkTokenFor(email))).statusCode).toBe(200);
  });

  it('refuses an expired link, and spends it', async () => {
    const driver = await newUser();
    const token = await linkTokenFor(driver.account.email);
    await ageRow(driver.user.id, 'email');
    expect((await confirmLink(token)).json().error).toBe(INVALID_CONTACT_LINK_MESSAGE);
    const rows = await t.app.database.db
      .select()
      .from(contactVerifications)
      .where(eq(contactVerifications.userId, driver.user.id));
    expect(rows).toEqual([]);
    expect((await me(driver.cookie)).contacts.emailConfirmed).toBe(false);
  });

  it('"Send again" mails a new link; the earlier one stops working', async () => {
    const driver = await newUser();
    const first = await linkTokenFor(driver.account.email);
    const sent = await sendLink(driver.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: `We sent a new link to ${driver.account.email}.` });
    const second = await linkTokenFor(driver.account.email, first);
    expect(second).not.toBe(first);
    expect((await confirmLink(first)).statusCode).toBe(400);
    expect((await confirmLink(second)).statusCode).toBe(200);
    expect((await sendLink('')).statusCode).toBe(401);
  });

  it("confirms the link's own account, whoever opens it: another user's session changes nothing of theirs", async () => {
    const owner = await newUser();
    const other = await newUser();
    const answer = await confirmLink(await linkTokenFor(owner.account.email), other.cookie);
    expect(answer.json().email).toBe(owner.account.email);
    expect((await me(owner.cookie)).contacts.emailConfirmed).toBe(true);
    expect((await me(other.cookie)).contacts.emailConfirmed).toBe(false);
  });

  it('a link to an address the account no longer uses confirms nothing; the new address is confirmed by its own link', async () => {
    const driver = await newUser();
    const oldLink = await linkTokenFor(driver.account.email);
    const newEmail = `moved-${driver.account.email}`;
    const asked = await post('/api/auth/change-email', driver.cookie, {
      currentPassword: driver.account.password,
      newEmail,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [change] = await outbox(newEmail);
    const changeToken = /confirm-email\?token=([\w-]+)/.exec(change!.text)![1]!;
    expect(
      (await post('/api/auth/confirm-email', undefined, { token: changeToken })).statusCode,
    ).toBe(200);
    expect((await me(driver.cookie)).contacts.emailConfirmed).toBe(true);
    // Unconfirmed again (as if), then the old link is tried: it confirms nothing.
    await t.app.database.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.id, driver.user.id));
    const stale = await confirmLink(oldLink);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({
      error: LINK_FOR_OLD_ADDRESS,
      fields: { token: LINK_FOR_OLD_ADDRESS },
    });
    expect((await me(driver.cookie)).contacts.emailConfirmed).toBe(false);
  });

  it.each([
    ['no token', {}],
    ['a short token', { token: 'abc' }],
    ['a number', { token: 12345 }],
  ])('refuses %s with 400 on token', async (_name, payload) => {
    const answer = await post('/api/contacts/email/confirm', undefined, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: INVALID_CONTACT_LINK_MESSAGE,
      fields: { token: INVALID_CONTACT_LINK_MESSAGE },
    });
  });
});

describe('the phone, confirmed by a 6-digit code', () => {
  it('texts a code that confirms the phone once', async () => {
    const driver = await newUser();
    const phone = driver.account.phone as string;
    const sent = await sendCode(driver.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({
      message: `We texted a code to ${phone}. It expires in 10 minutes.`,
    });
    const code = await codeFor(phone);
    const [row] = await t.app.database.db
      .select()
      .from(contactVerifications)
      .where(
        and(
          eq(contactVerifications.userId, driver.user.id),
          eq(contactVerifications.kind, 'phone'),
        ),
      );
    expect(row!.secretHash).not.toContain(code);
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10);

    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await confirmCode(driver.cookie, wrong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: wrongCodeMessage(4),
      fields: { code: wrongCodeMessage(4) },
    });
    // Spaces in the code as typed are forgiven.
    const done = await confirmCode(driver.cookie, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      message: `${phone} is confirmed. Text messages can go there now.`,
    });
    expect((await me(driver.cookie)).contacts.phoneConfirmed).toBe(true);
    expect((await confirmCode(driver.cookie, code)).json().error).toBe(NO_CODE_MESSAGE);
    expect((await sendCode(driver.cookie)).json()).toEqual({ error: PHONE_ALREADY_CONFIRMED });
  });

  it('takes 5 wrong codes, then the code is void and a new one must be sent', async () => {
    const driver = await newUser();
    await sendCode(driver.cookie);
    const code = await codeFor(driver.account.phone as string);
    const wrong = code === '111111' ? '222222' : '111111';
    for (const left of [4, 3, 2, 1])
      expect((await confirmCode(driver.cookie, wrong)).json().error).toBe(wrongCodeMessage(left));
    expect((await confirmCode(driver.cookie, wrong)).json().error).toBe(CODE_SPENT_MESSAGE);
    expect((await confirmCode(driver.cookie, code)).json().error).toBe(NO_CODE_MESSAGE);
    expect((await me(driver.cookie)).contacts.phoneConfirmed).toBe(false);
    await sendCode(driver.cookie);
    const fresh = await codeFor(driver.account.phone as string);
    expect((await confirmCode(driver.cookie, fresh)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const driver = await newUser();
    await sendCode(driver.cookie);
    const code = await codeFor(driver.account.phone as string);
    await ageRow(driver.user.id, 'phone');
    expect((await confirmCode(driver.cookie, code)).json().error).toBe(CODE_EXPIRED_MESSAGE);
    expect((await confirmCode(driver.cookie, code)).json().error).toBe(NO_CODE_MESSAGE);
  });

  it("another user's code does nothing for the caller, and leaves the owner's code working", async () => {
    const owner = await newUser();
    const other = await newUser();
    await sendCode(owner.cookie);
    await sendCode(other.cookie);
    const ownerCode = await codeFor(owner.account.phone as string);
    const otherCode = await codeFor(other.account.phone as string);
    if (ownerCode !== otherCode)
      expect((await confirmCode(other.cookie, ownerCode)).statusCode).toBe(400);
    expect((await me(other.cookie)).contacts.phoneConfirmed).toBe(false);
    expect((await confirmCode(owner.cookie, ownerCode)).statusCode).toBe(200);
    expect((await confirmCode(other.cookie, otherCode)).statusCode).toBe(200);
  });

  it('a new phone is unconfirmed, and a code sent to the old one no longer counts', async () => {
    const driver = await newUser();
    await sendCode(driver.cookie);
    await confirmCode(driver.cookie, await codeFor(driver.account.phone as string));
    expect((await me(driver.cookie)).contacts.phoneConfirmed).toBe(true);
    const patch = (phone: string) =>
      t.api({
        method: 'PATCH',
        url: `/api/users/${driver.user.id}`,
        headers: { cookie: driver.cookie },
        payload: { phone },
      });
    // The same number again keeps it confirmed; another one does not.
    expect((await patch(driver.account.phone as string)).json().contacts.phoneConfirmed).toBe(true);
    const oldPhone = driver.account.phone as string;
    const newPhone = nextPhone();
    await sendCode(driver.cookie).then((r) => expect(r.statusCode).toBe(409));
    expect((await patch(newPhone)).json().contacts.phoneConfirmed).toBe(false);
    await t.app.database.db
      .update(users)
      .set({ phone: oldPhone })
      .where(eq(users.id, driver.user.id));
    await sendCode(driver.cookie);
    const stale = await codeFor(oldPhone);
    await patch(newPhone);
    expect((await confirmCode(driver.cookie, stale)).json().error).toBe(NO_CODE_MESSAGE);
    expect((await me(driver.cookie)).contacts.phoneConfirmed).toBe(false);
  });

  it.each([
    ['no code', {}],
    ['letters', { code: 'abcdef' }],
    ['five digits', { code: '12345' }],
    ['seven digits', { code: '1234567' }],
    ['a number', { code: 123456 }],
  ])('refuses %s with 400 on code', async (_name, payload) => {
    const driver = await newUser();
    const answer = await post('/api/users/me/contacts/phone/confirm', driver.cookie, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields.code).toBe(PHONE_CODE_FORMAT_MESSAGE);
  });

  it('answers 401 signed out', async () => {
    expect((await sendCode('')).statusCode).toBe(401);
    expect((await confirmCode('', '123456')).statusCode).toBe(401);
  });
});

describe('where notification emails go', () => {
  const notify = async (userId: string) => {
    await t.app.database.db.transaction((tx) =>
      insertNotifications(tx, [
        {
          userId,
          type: 'booking_update',
          title: 'Contact check',
          message: 'Hello',
          metadata: { category: 'booking_updates' },
        },
      ]),
    );
    await drainDeliveries(t.app);
  };
  const notificationMails = async (email: string) =>
    (
      await t.app.database.db
        .select({ subject: outboxEmails.subject })
        .from(outboxEmails)
        .where(eq(outboxEmails.to, email))
    ).filter((m) => m.subject === 'Truck Finder: Contact check');

  it('sends a copy only to a confirmed address, with Email Updates on', async () => {
    const driver: TestAccount = await newUser();
    await t.api({
      method: 'PATCH',
      url: `/api/users/${driver.user.id}`,
      headers: { cookie: driver.cookie },
      payload: { settings: { emailUpdates: true } },
    });
    await notify(driver.user.id);
    expect(await notificationMails(driver.account.email)).toEqual([]);
    await confirmLink(await linkTokenFor(driver.account.email));
    await notify(driver.user.id);
    expect(await notificationMails(driver.account.email)).toHaveLength(1);
  });

  it('confirmedContacts answers only confirmed addresses, in one map', async () => {
    const a = await newUser();
    const b = await newUser();
    await confirmLink(await linkTokenFor(a.account.email));
    await sendCode(b.cookie);
    await confirmCode(b.cookie, await codeFor(b.account.phone as string));
    const found = await confirmedContacts(t.app.database.db, [a.user.id, b.user.id]);
    expect(found.get(a.user.id)).toEqual({ email: a.account.email, phone: null });
    expect(found.get(b.user.id)).toEqual({ email: null, phone: b.account.phone });
    expect((await confirmedContacts(t.app.database.db, [])).size).toBe(0);
  });
});

describe('sending limits', () => {
  let limited: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    limited = await createTestApp({ routeRateLimitScale: 1 });
  });
  afterAll(() => limited.close());

  it.each([
    ['/api/users/me/contacts/email/confirmation', USER_LIMITS.emailLink.refusal],
    ['/api/users/me/contacts/phone/code', USER_LIMITS.phoneCode.refusal],
  ])(
    '%s: one a minute per user (5 a day), 429 with Retry-After; another user still sends',
    async (url, refusal) => {
      const [first, second] = [await signUp(limited.app), await signUp(limited.app)];
      const send = (cookie: string) => limited.api({ method: 'POST', url, headers: { cookie } });
      expect((await send(first.cookie)).statusCode).toBe(200);
      const refused = await send(first.cookie);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: `${refusal}. Please try again in 1 minute.` });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await send(second.cookie)).statusCode).toBe(200);
    },
  );
});
