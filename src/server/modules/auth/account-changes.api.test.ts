import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_EMAIL_LINK_MESSAGE } from '../../../core/auth/account-changes.ts';
import { emailChangeTokens } from '../../db/schema/index.ts';
import { createCast } from '../../test/cast.ts';
import { createTestApp, sessionCookie, signUp } from '../../test/test-app.ts';
import { CONFIRM_EMAIL_SUBJECT } from '../contacts/contacts.service.ts';
import { WRONG_PASSWORD_MESSAGE } from './account-changes.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://truckfinder.example' });
  adminCookie = (await createCast(t.app)).admin.cookie;
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, cookie?: string) =>
  t.api({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const me = (cookie: string) => t.api({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const outbox = async (to: string) =>
  (
    await t.api({
      method: 'GET',
      url: `/api/admin/outbox?to=${encodeURIComponent(to)}`,
      headers: { cookie: adminCookie },
    })
  ).json() as { subject: string; text: string }[];
const linkToken = (text: string) =>
  /https:\/\/truckfinder\.example\/confirm-email\?token=([\w-]+)/.exec(text)?.[1];

/** An account signed in on two devices. */
async function twoDevices() {
  const first = await signUp(t.app);
  const second = await login(first.account.email, first.account.password);
  expect(second.statusCode).toBe(200);
  return { ...first, otherCookie: sessionCookie(second)! };
}

describe('POST /api/auth/change-password', () => {
  it('needs the current password, and changes nothing without it', async () => {
    const { account, cookie } = await signUp(t.app);
    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'not my password', newPassword: 'another long password' },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: WRONG_PASSWORD_MESSAGE,
      fields: { currentPassword: WRONG_PASSWORD_MESSAGE },
    });
    expect((await login(account.email, account.password)).statusCode).toBe(200);
    expect((await login(account.email, 'another long password')).statusCode).toBe(401);
  });

  it.each([
    ['no current password', { newPassword: 'another long password' }, 'currentPassword'],
    ['a short new password', { currentPassword: 'x', newPassword: 'short' }, 'newPassword'],
    ['a number', { currentPassword: 'x', newPassword: 12345678 }, 'newPassword'],
    [
      'a common password',
      { currentPassword: 'correct horse battery', newPassword: 'password123' },
      'newPassword',
    ],
    [
      'the same password again',
      { currentPassword: 'correct horse battery', newPassword: 'correct horse battery' },
      'newPassword',
    ],
  ])('refuses %s with 400 and a field error', async (_case, body, field) => {
    const { cookie } = await signUp(t.app);
    const response = await post('/api/auth/change-password', body, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBeTruthy();
  });

  it('answers 401 when signed out', async () => {
    const response = await post('/api/auth/change-password', {
      currentPassword: 'correct horse battery',
      newPassword: 'another long password',
    });
    expect(response.statusCode).toBe(401);
  });

  it('sets the new password, keeps this session, ends the others and tells the owner', async () => {
    const { account, cookie, otherCookie } = await twoDevices();
    const done = await post(
      '/api/auth/change-password',
      { currentPassword: account.password, newPassword: 'a brand new password' },
      cookie,
    );
    expect(done.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(otherCookie)).statusCode).toBe(401);
    expect((await login(account.email, account.password)).statusCode).toBe(401);
    expect((await login(account.email, 'a brand new password')).statusCode).toBe(200);
    const mails = await outbox(account.email);
    expect(mails.map((m) => m.subject)).toContain('Your Truck Finder password was changed');
  });
});

describe('POST /api/auth/change-email and /api/auth/confirm-email', () => {
  const changeEmail = (
    cookie: string,
    newEmail: string,
    currentPassword = 'correct horse battery',
  ) => post('/api/auth/change-email', { currentPassword, newEmail }, cookie);
  const confirm = (token: string) => post('/api/auth/confirm-email', { token });

  it('needs the current password and a valid, different address', async () => {
    const { account, cookie } = await signUp(t.app);
    const wrong = await changeEmail(cookie, 'new-address@example.com', 'wrong password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.currentPassword).toBe(WRONG_PASSWORD_MESSAGE);
    expect(await outbox('new-address@example.com')).toEqual([]);
    const invalid = await changeEmail(cookie, 'not an email');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields.newEmail).toBeTruthy();
    const same = await changeEmail(cookie, account.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().fields.newEmail).toBeTruthy();
    expect((await changeEmail('', 'x@example.com')).statusCode).toBe(401);
  });

  it('changes the email only once the link sent to the new address is opened; the old address hears of both', async () => {
    const { account, cookie, user } = await signUp(t.app);
    const newEmail = `moved-${account.email}`;
    const asked = await changeEmail(cookie, newEmail.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect((await me(cookie)).json().email).toBe(account.email);

    const [toNew] = await outbox(newEmail);
    expect(toNew!.subject).toBe('Confirm your new Truck Finder email');
    const token = linkToken(toNew!.text)!;
    expect(token).toMatch(/^[\w-]{43}$/);
    const [row] = await t.app.database.db
      .select()
      .from(emailChangeTokens)
      .where(eq(emailChangeTokens.userId, user.id));
    expect(row!.tokenHash).not.toBe(token);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    // The confirmation link of sign-up goes out after its answer.
    await expect
      .poll(async () => (await outbox(account.email)).map((m) => m.subject).sort())
      .toEqual([CONFIRM_EMAIL_SUBJECT, 'Your Truck Finder email is about to change']);
    expect((await me(cookie)).json().contacts).toEqual({
      emailConfirmed: false,
      phoneConfirmed: false,
    });

    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect((await me(cookie)).json().email).toBe(newEmail);
    // The link opened at the new address is what confirms it.
    expect((await me(cookie)).json().contacts.emailConfirmed).toBe(true);
    expect((await login(newEmail, account.password)).statusCode).toBe(200);
    expect((await login(account.email, account.password)).statusCode).toBe(401);
    expect((await outbox(account.email)).map((m) => m.subject)).toContain(
      'Your Truck Finder email was changed',
    );

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: INVALID_EMAIL_LINK_MESSAGE,
      fields: { token: INVALID_EMAIL_LINK_MESSAGE },
    });
  });

  it('refuses an expired link, an unknown one and an earlier one superseded by a new request', async () => {
    const { account, cookie, user } = await signUp(t.app);
    await changeEmail(cookie, `first-${account.email}`);
    const first = linkToken((await outbox(`first-${account.email}`))[0]!.text)!;
    await changeEmail(cookie, `second-${account.email}`);
    const second = linkToken((await outbox(`second-${account.email}`))[0]!.text)!;
    expect((await confirm(first)).statusCode).toBe(400);

    await t.app.database.db
      .update(emailChangeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeTokens.userId, user.id));
    expect((await confirm(second)).statusCode).toBe(400);
    expect((await confirm('x'.repeat(43))).statusCode).toBe(400);
    expect((await confirm('short')).statusCode).toBe(400);
    expect((await me(cookie)).json().email).toBe(account.email);
  });

  it('answers 409 when the new address got taken before the link was opened', async () => {
    const { cookie } = await signUp(t.app);
    const wanted = `wanted-${Date.now()}@example.com`;
    await changeEmail(cookie, wanted);
    const token = linkToken((await outbox(wanted))[0]!.text)!;
    await signUp(t.app, { email: wanted });
    const response = await confirm(token);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/User already exists/);
  });
});

describe('POST /api/auth/sign-out-everywhere', () => {
  it('ends every session of the account, this one too, and clears the cookie', async () => {
    const { account, cookie, otherCookie } = await twoDevices();
    const bystander = await signUp(t.app);
    const response = await post('/api/auth/sign-out-everywhere', {}, cookie);
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name.endsWith('tf_session'))?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(otherCookie)).statusCode).toBe(401);
    expect((await me(bystander.cookie)).statusCode).toBe(200);
    expect((await login(account.email, account.password)).statusCode).toBe(200);
    expect((await post('/api/auth/sign-out-everywhere', {})).statusCode).toBe(401);
  });
});
