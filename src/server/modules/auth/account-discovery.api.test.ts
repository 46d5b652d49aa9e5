import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCast } from '../../test/cast.ts';
import { createTestApp, newAccount, signUp } from '../../test/test-app.ts';
import { CONFIRM_EMAIL_SUBJECT } from '../contacts/contacts.service.ts';
import type * as MailerModule from '../mail/mailer.ts';
import type { Email } from '../mail/mailer.ts';
import type * as PasswordModule from './password.ts';
import { hashPassword } from './password.ts';

/** The hash is spied on, to see which paths of registration spend its cost. */
vi.mock('./password.ts', async (importOriginal) => {
  const original = await importOriginal<typeof PasswordModule>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

/** Every email waits at this gate while it is closed: a slow mail server. */
const gate = vi.hoisted(() => {
  let open: () => void = () => {};
  let closed: Promise<void> = Promise.resolve();
  return {
    close() {
      closed = new Promise<void>((resolve) => (open = resolve));
    },
    open: () => open(),
    pass: () => closed,
  };
});
vi.mock('../mail/mailer.ts', async (importOriginal) => {
  const original = await importOriginal<typeof MailerModule>();
  return {
    ...original,
    createMailer: (...args: Parameters<typeof original.createMailer>) => {
      const mailer = original.createMailer(...args);
      return {
        ...mailer,
        mode: mailer.mode,
        async send(email: Email) {
          await gate.pass();
          return mailer.send(email);
        },
      };
    },
  };
});

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await createCast(t.app)).admin.cookie;
});
afterAll(async () => {
  gate.open();
  await t.close();
});

/** What reached an address, but the link that confirms it, mailed at sign-up. */
const outbox = async (to: string) =>
  (
    (
      await t.api({
        method: 'GET',
        url: `/api/admin/outbox?to=${encodeURIComponent(to)}`,
        headers: { cookie: adminCookie },
      })
    ).json() as { subject: string }[]
  ).filter((mail) => mail.subject !== CONFIRM_EMAIL_SUBJECT);

describe('forgot-password does not reveal whether an account exists', () => {
  it('answers before the email is written: the answer does not wait for the mail server', async () => {
    const { account } = await signUp(t.app);
    gate.close();
    const known = await t.api({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.email },
    });
    const unknown = await t.api({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'not-registered@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await outbox(account.email)).toHaveLength(0);
    gate.open();
    await expect.poll(async () => (await outbox(account.email)).length).toBe(1);
  });
});

describe('registration does not reveal a taken email by its timing', () => {
  it('spends a password hash on "User already exists" as on a new account', async () => {
    const first = newAccount();
    const spy = vi.mocked(hashPassword);
    spy.mockClear();
    const created = await t.api({ method: 'POST', url: '/api/auth/register', payload: first });
    expect(created.statusCode).toBe(201);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockClear();
    const taken = await t.api({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccount({ email: first.email }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('User already exists with this email or username');
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
