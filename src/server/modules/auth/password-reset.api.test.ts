import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../db/schema/index.ts';
import { captureLogs } from '../../test/log-capture.ts';
import { createCast } from '../../test/cast.ts';
import { CONFIRM_EMAIL_SUBJECT } from '../contacts/contacts.service.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';
import { INVALID_RESET_MESSAGE, RESET_REQUESTED_MESSAGE } from './auth.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminCookie: string;
const logs = captureLogs();
beforeAll(async () => {
  t = await createTestApp(
    { publicUrl: 'https://truckfinder.example', trustProxy: 1, logLevel: 'info' },
    { logStream: logs.stream },
  );
  adminCookie = (await createCast(t.app)).admin.cookie;
});
afterAll(() => t.close());

let address = 0;
/** Each request from its own address, so the per-address limit of the route does not interfere. */
const forgot = (email: string, ip = `10.9.${Math.floor(++address / 250)}.${address % 250}`) =>
  t.api({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    headers: { 'x-forwarded-for': ip },
  });
const reset = (token: string, password: string) =>
  t.api({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
/** What reached an address, but the link that confirms it, mailed at sign-up. */
const outbox = async (to: string) =>
  (
    (
      await t.api({
        method: 'GET',
        url: `/api/admin/outbox?to=${encodeURIComponent(to)}`,
        headers: { cookie: adminCookie },
      })
    ).json() as {
      subject: string;
      text: string;
      delivery: string;
    }[]
  ).filter((mail) => mail.subject !== CONFIRM_EMAIL_SUBJECT);
/** The reset email goes out after the answer: wait until `count` have arrived. */
const mailed = async (to: string, count: number) => {
  await expect.poll(async () => (await outbox(to)).length).toBe(count);
  return outbox(to);
};
const linkToken = (text: string) =>
  /https:\/\/truckfinder\.example\/reset-password\?token=([\w-]+)/.exec(text)?.[1];

describe('forgot and reset password', () => {
  it('answers the same for a known and an unknown email, and mails the link only to the account', async () => {
    const { account } = await signUp(t.app);
    const known = await forgot(account.email);
    const unknown = await forgot('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(unknown.json()).toEqual(known.json());
    const mails = await mailed(account.email, 1);
    expect(mails[0]).toMatchObject({
      subject: 'Reset your Truck Finder password',
      delivery: 'outbox',
    });
    expect(linkToken(mails[0]!.text)).toBeTruthy();
    expect(await outbox('nobody-here@example.com')).toEqual([]);
  });

  it('sets the new password once, ends every session and refuses the link a second time', async () => {
    const { account, cookie, user } = await signUp(t.app);
    await forgot(account.email.toUpperCase());
    const token = linkToken((await mailed(account.email, 1))[0]!.text)!;
    const rows = await t.app.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(rows[0]!.tokenHash).not.toBe(token);

    const done = await reset(token, 'a brand new password');
    expect(done.statusCode).toBe(200);
    expect(
      (await t.api({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode,
    ).toBe(401);
    const oldLogin = await t.api({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.api({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: 'a brand new password' },
    });
    expect(newLogin.statusCode).toBe(200);

    const again = await reset(token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(INVALID_RESET_MESSAGE);
  });

  it('refuses an expired link, a made-up one and a short password', async () => {
    const { account, user } = await signUp(t.app);
    await forgot(account.email);
    const token = linkToken((await mailed(account.email, 1))[0]!.text)!;
    expect((await reset(token, 'short')).json().fields.password).toBe(
      'Password must be at least 8 characters',
    );
    await t.app.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    expect((await reset(token, 'long enough now')).statusCode).toBe(400);
    expect((await reset('x'.repeat(43), 'long enough now')).json().error).toBe(
      INVALID_RESET_MESSAGE,
    );
  });

  it('a newer link retires nothing until used, and using one retires the others', async () => {
    const { account } = await signUp(t.app);
    await forgot(account.email);
    await forgot(account.email);
    const [newer, older] = (await mailed(account.email, 2)).map((m) => linkToken(m.text)!);
    expect((await reset(newer!, 'first new password')).statusCode).toBe(200);
    expect((await reset(older!, 'second new password')).statusCode).toBe(400);
  });

  it('sends at most 5 reset emails per account an hour, answering the same, even all at once', async () => {
    const { account, user } = await signUp(t.app);
    const answers = await Promise.all(Array.from({ length: 7 }, () => forgot(account.email)));
    for (const answer of answers) expect(answer.json().message).toBe(RESET_REQUESTED_MESSAGE);
    const decided = () =>
      logs.events('auth.password_reset_requested').filter((line) => line.userId === user.id);
    await expect.poll(() => decided().length).toBe(7);
    expect(decided().filter((line) => line.sent).length).toBe(5);
    expect(await mailed(account.email, 5)).toHaveLength(5);
  });

  it('logs the request and the reset without the token or the password', async () => {
    const { account, user } = await signUp(t.app);
    await forgot(account.email);
    const token = linkToken((await mailed(account.email, 1))[0]!.text)!;
    expect((await reset(token, 'a logged-free password')).statusCode).toBe(200);
    expect(logs.events('auth.password_reset').at(-1)).toMatchObject({ userId: user.id });
    expect(
      logs.events('auth.password_reset_requested').find((line) => line.userId === user.id),
    ).toMatchObject({ knownAccount: true, sent: true });
    await forgot('nobody-logged@example.com');
    await expect
      .poll(() => logs.events('auth.password_reset_requested').some((l) => !l.knownAccount))
      .toBe(true);
    expect(logs.text()).not.toContain(token);
    expect(logs.text()).not.toContain('a logged-free password');
    expect(logs.text()).not.toContain('nobody-logged@example.com');
  });

  it('lets the owner of a slowed-down account back in at once through the reset email', async () => {
    const { account } = await signUp(t.app);
    const login = (password: string, i: number) =>
      t.api({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password },
        headers: { 'x-forwarded-for': `10.7.${i}.1` },
      });
    for (let i = 0; i < t.config.loginMaxFailures; i++)
      expect((await login('not my password', i)).statusCode).toBe(401);
    const locked = await login(account.password, 100);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/reset your password from the link we can email you/);
    await forgot(account.email);
    const token = linkToken((await mailed(account.email, 1))[0]!.text)!;
    expect((await reset(token, 'back in again 42')).statusCode).toBe(200);
    expect((await login('back in again 42', 101)).statusCode).toBe(200);
  });

  it('lets only admins read the outbox', async () => {
    const { cookie } = await signUp(t.app);
    expect(
      (await t.api({ method: 'GET', url: '/api/admin/outbox', headers: { cookie } })).statusCode,
    ).toBe(403);
  });

  it('says where email and texts go, how cards are taken and whether it holds demo data', async () => {
    expect((await t.api({ method: 'GET', url: '/api/meta' })).json()).toEqual({
      email: 'outbox',
      sms: 'outbox',
      // An https PUBLIC_URL makes the server public: no test gateway without PAYMENTS_TEST_MODE.
      payments: 'off',
      stripePublishableKey: null,
      demoData: false,
    });
    const demo = await createTestApp({ seedDemo: true });
    try {
      expect((await demo.api({ method: 'GET', url: '/api/meta' })).json().demoData).toBe(true);
    } finally {
      await demo.close();
    }
  });
});
