import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../../../core/demo-accounts.ts';
import { ADMIN_NEEDS_SECOND_FACTOR, STEP_UP_REQUIRED } from '../../../core/auth/step-up.ts';
import { loginFailures, recoveryCodes, sessions, totpSecrets } from '../../db/schema/index.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { enrolTotp, freshTotpCode, totpCode } from '../../test/second-factor.ts';
import {
  createTestApp,
  promoteToAdmin,
  sessionCookie,
  signUp,
  type TestAccount,
} from '../../test/test-app.ts';
import { WRONG_CODE_MESSAGE } from './second-factor.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
/** A server with MFA_ENCRYPTION_KEY set, and a demo server (demo data seeded). */
let keyed: typeof t;
let demo: typeof t;
let cast: Cast;
// Started here rather than in the tests: a server takes long to start on a busy machine.
beforeAll(async () => {
  [t, keyed, demo] = await Promise.all([
    createTestApp({ trustProxy: 1 }),
    createTestApp({ mfaEncryptionKey: randomBytes(32) }),
    createTestApp({ seedDemo: true }),
  ]);
  cast = await createCast(t.app);
});
afterAll(() => Promise.all([t.close(), keyed.close(), demo.close()]));

let addressCounter = 0;
const nextAddress = () => `10.77.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`;

const post = (url: string, payload?: object, cookie?: string) =>
  t.api({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    headers: { 'x-forwarded-for': nextAddress(), ...(cookie ? { cookie } : {}) },
  });
const get = (url: string, cookie?: string) =>
  t.api({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const login = (who: TestAccount, extra: object = {}) =>
  post('/api/auth/login', { email: who.account.email, password: who.account.password, ...extra });

/** An account with TOTP on: its secret and recovery codes. */
async function enrolled() {
  const who = await signUp(t.app);
  return { who, ...(await enrolTotp(t.app, who)) };
}

describe('TOTP enrolment', () => {
  it('gives the secret, the otpauth URL and a QR image once, and keeps the secret server-side', async () => {
    const who = await signUp(t.app);
    const setup = await post('/api/auth/mfa/totp/setup', undefined, who.cookie);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    expect((await get('/api/auth/mfa', who.cookie)).json()).toEqual({
      totp: false,
      required: false,
      recoveryCodesLeft: 0,
      verifiedUntil: expect.any(String),
    });

    const wrong = await post('/api/auth/mfa/totp/enable', { code: '000000' }, who.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: WRONG_CODE_MESSAGE,
      fields: { code: WRONG_CODE_MESSAGE },
    });
    const enabled = await post('/api/auth/mfa/totp/enable', { code: totpCode(secret) }, who.cookie);
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().recoveryCodes;
    expect(new Set(codes).size).toBe(10);

    const status = await get('/api/auth/mfa', who.cookie);
    expect(status.json()).toMatchObject({ totp: true, required: false, recoveryCodesLeft: 10 });
    expect(status.body).not.toContain(secret);
    const again = await post('/api/auth/mfa/totp/setup', undefined, who.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(secret);
    const stored = await t.app.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, who.user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.join()).not.toContain(row.codeHash);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replaceAll('-', ''));
  });

  it('encrypts the stored secret when MFA_ENCRYPTION_KEY is set', async () => {
    const who = await signUp(keyed.app);
    const { secret } = await enrolTotp(keyed.app, who);
    const [row] = await keyed.app.database.db
      .select()
      .from(totpSecrets)
      .where(eq(totpSecrets.userId, who.user.id));
    expect(row!.secret).toMatch(/^gcm:/);
    expect(row!.secret).not.toContain(secret);
    // The key opens it again: the code from the shown secret signs in.
    const pending = await keyed.api({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: who.account.email, password: who.account.password },
    });
    const done = await keyed.api({
      method: 'POST',
      url: '/api/auth/mfa/verify',
      payload: { code: await freshTotpCode(keyed.app, who.user.id, secret) },
      headers: { cookie: sessionCookie(pending)! },
    });
    expect(done.statusCode).toBe(200);
  });

  it('answers 503, not a wrong code, when the stored secret cannot be opened; a recovery code still works', async () => {
    const who = await signUp(keyed.app);
    const { secret, recoveryCodes: codes } = await enrolTotp(keyed.app, who);
    // As if MFA_ENCRYPTION_KEY had changed since the secret was sealed.
    await keyed.app.database.db
      .update(totpSecrets)
      .set({ secret: 'gcm:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA:AAAA' })
      .where(eq(totpSecrets.userId, who.user.id));
    const signIn = () =>
      keyed.api({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: who.account.email, password: who.account.password },
      });
    // app.inject: the suite's helper refuses every 5xx, and this one is the expected answer.
    const verify = async (code: string) =>
      keyed.app.inject({
        method: 'POST',
        url: '/api/auth/mfa/verify',
        payload: { code },
        headers: { cookie: sessionCookie(await signIn())! },
      });
    const unreadable = await verify(totpCode(secret));
    expect(unreadable.statusCode).toBe(503);
    expect(unreadable.json().error).toMatch(/cannot be checked on this server/);
    expect((await verify(codes[0]!)).statusCode).toBe(200);
  });

  it('refuses bad input with 400 and the field', async () => {
    const who = await signUp(t.app);
    for (const payload of [{}, { code: '' }, { code: 'x'.repeat(40) }, { code: 123456 }]) {
      const response = await post('/api/auth/mfa/totp/enable', payload, who.cookie);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fields).toHaveProperty('code');
    }
    const none = await post('/api/auth/mfa/totp/enable', { code: '123456' }, who.cookie);
    expect(none.statusCode).toBe(400);
    for (const payload of [{}, { password: 'a', code: '123456' }, { password: '' }]) {
      const response = await post('/api/auth/step-up', payload, who.cookie);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fields).toBeTruthy();
    }
    const verify = await post('/api/auth/mfa/verify', { code: ['1'] });
    expect(verify.statusCode).toBe(400);
    const off = await t.api({
      method: 'DELETE',
      url: '/api/auth/mfa/totp',
      payload: {},
      headers: { cookie: who.cookie },
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().fields).toHaveProperty('password');
  });
});

describe('sign-in with a second factor', () => {
  it('answers {mfaRequired: true} with a cookie that signs nobody in, then finishes with the code', async () => {
    const { who, secret } = await enrolled();
    const first = await login(who);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ mfaRequired: true });
    const pending = sessionCookie(first)!;
    expect((await get('/api/auth/me', pending)).statusCode).toBe(401);
    expect((await get('/api/auth/session', pending)).json()).toEqual({ user: null });
    expect((await get('/api/notifications', pending)).statusCode).toBe(401);

    const wrong = await post('/api/auth/mfa/verify', { code: '000000' }, pending);
    expect(wrong.statusCode).toBe(400);
    const code = await freshTotpCode(t.app, who.user.id, secret);
    const done = await post('/api/auth/mfa/verify', { code }, pending);
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(who.user.id);
    const session = sessionCookie(done)!;
    expect(session).not.toBe(pending);
    expect((await get('/api/auth/me', session)).statusCode).toBe(200);
    // The waiting sign-in is spent.
    expect((await post('/api/auth/mfa/verify', { code }, pending)).statusCode).toBe(400);

    // The same code (the same time step) never signs in twice.
    const second = sessionCookie(await login(who))!;
    const replay = await post('/api/auth/mfa/verify', { code }, second);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe(WRONG_CODE_MESSAGE);
  });

  it('accepts the code of the step before or after, and refuses one two steps away', async () => {
    const { who, secret } = await enrolled();
    const pending = sessionCookie(await login(who))!;
    await freshTotpCode(t.app, who.user.id, secret);
    // Not in the last seconds of a step, so "the step before" is still one step away on arrival.
    const phase = Date.now() % 30_000;
    if (phase > 25_000) await new Promise((done) => setTimeout(done, 30_100 - phase));
    const tooOld = totpCode(secret, Date.now() - 75_000);
    expect((await post('/api/auth/mfa/verify', { code: tooOld }, pending)).statusCode).toBe(400);
    const previous = totpCode(secret, Date.now() - 30_000);
    expect((await post('/api/auth/mfa/verify', { code: previous }, pending)).statusCode).toBe(200);
  });

  it('takes each recovery code once, in any case and with or without the dashes', async () => {
    const { who, recoveryCodes: codes } = await enrolled();
    const code = codes[3]!;
    const first = sessionCookie(await login(who))!;
    const used = await post('/api/auth/mfa/verify', { code: code.toUpperCase() }, first);
    expect(used.statusCode).toBe(200);
    const second = sessionCookie(await login(who))!;
    const again = await post('/api/auth/mfa/verify', { code: code.replaceAll('-', '') }, second);
    expect(again.statusCode).toBe(400);
    expect((await get('/api/auth/mfa', sessionCookie(used))).json().recoveryCodesLeft).toBe(9);
  });

  it('starts one session from one waiting sign-in, though two right codes arrive at once', async () => {
    const { who, secret, recoveryCodes: codes } = await enrolled();
    const pending = sessionCookie(await login(who))!;
    const code = await freshTotpCode(t.app, who.user.id, secret);
    const answers = await Promise.all([
      post('/api/auth/mfa/verify', { code }, pending),
      post('/api/auth/mfa/verify', { code: codes[0]! }, pending),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const live = await t.app.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, who.user.id));
    expect(live).toHaveLength(2); // the session of the sign-up, and the one sign-in
  });

  it('counts wrong codes as failed sign-ins and ends the waiting sign-in after five', async () => {
    const { who, secret } = await enrolled();
    const pending = sessionCookie(await login(who))!;
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await post('/api/auth/mfa/verify', { code: `00000${i}` }, pending)).json());
    expect(answers.at(-1)).toEqual({ error: 'Too many wrong codes. Sign in again.' });
    const failures = await t.app.database.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.email, who.account.email));
    expect(failures).toHaveLength(5);
    const code = await freshTotpCode(t.app, who.user.id, secret);
    expect((await post('/api/auth/mfa/verify', { code }, pending)).statusCode).toBe(400);
  });

  it('signs in at once with the password and the code together', async () => {
    const { who, secret } = await enrolled();
    const both = await login(who, { code: await freshTotpCode(t.app, who.user.id, secret) });
    expect(both.statusCode).toBe(200);
    expect(both.json().user.id).toBe(who.user.id);
    const wrongCode = await login(who, { code: '000000' });
    expect(wrongCode.statusCode).toBe(401);
    expect(wrongCode.cookies.find((c) => c.name === 'tf_session')).toBeUndefined();
  });

  it('turns off only with the password; then the password alone signs in', async () => {
    const { who } = await enrolled();
    const del = (password: string) =>
      t.api({
        method: 'DELETE',
        url: '/api/auth/mfa/totp',
        payload: { password },
        headers: { cookie: who.cookie },
      });
    expect((await del('not my password')).statusCode).toBe(400);
    expect((await del(who.account.password)).statusCode).toBe(204);
    const plain = await login(who);
    expect(plain.json().user.id).toBe(who.user.id);
  });
});

describe('admins need a second factor', () => {
  it('answers 403 "Set up two-step sign-in…" from every /api/admin route to an admin without one', async () => {
    const admin = await signUp(t.app);
    await promoteToAdmin(t.app, admin.user.id);
    const adminRoutes = t.app.apiRoutes.filter((r) => r.url.startsWith('/api/admin/'));
    expect(adminRoutes.length).toBeGreaterThan(10);
    for (const route of adminRoutes) {
      const response = await t.api({
        method: route.method as 'GET',
        url: route.url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000'),
        headers: { cookie: admin.cookie },
        payload: {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json()).toEqual({ error: ADMIN_NEEDS_SECOND_FACTOR });
    }
    // Nor another account through the routes an admin shares with its owner: no role change.
    const promote = await t.api({
      method: 'PATCH',
      url: `/api/users/${cast.driver.user.id}`,
      headers: { cookie: admin.cookie },
      payload: { role: 'admin' },
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json()).toEqual({ error: ADMIN_NEEDS_SECOND_FACTOR });
    expect((await get(`/api/users/${admin.user.id}`, admin.cookie)).statusCode).toBe(200);
    expect((await get('/api/auth/mfa', admin.cookie)).json()).toMatchObject({
      totp: false,
      required: true,
    });
    await enrolTotp(t.app, admin);
    expect((await get('/api/admin/dashboard', admin.cookie)).statusCode).toBe(200);
    expect((await get('/api/admin/dashboard', cast.admin.cookie)).statusCode).toBe(200);
  });

  it('refuses every other signed-in route too, so an admin without one acts for nobody', async () => {
    const admin = await signUp(t.app);
    await promoteToAdmin(t.app, admin.user.id);
    const open = (url: string) =>
      url.startsWith('/api/auth/') ||
      url.startsWith('/api/notifications') ||
      url.startsWith('/api/users/me/') ||
      ['/api/events', '/api/meta', '/api/users/me'].includes(url);
    const closed = t.app.apiRoutes.filter(
      (r) => r.access.kind !== 'public' && !r.url.startsWith('/api/admin/') && !open(r.url),
    );
    expect(closed.length).toBeGreaterThan(30);
    for (const route of closed) {
      const response = await t.api({
        method: route.method as 'GET',
        url: route.url.replace(/:\w+/g, cast.driver.user.id),
        headers: { cookie: admin.cookie },
        payload: {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json(), `${route.method} ${route.url}`).toEqual({
        error: ADMIN_NEEDS_SECOND_FACTOR,
      });
    }
    expect((await get('/api/notifications', admin.cookie)).statusCode).toBe(200);
    expect((await get('/api/meta', admin.cookie)).statusCode).toBe(200);
  });

  it('keeps the demo one click: the demo admin on a demo server needs none', async () => {
    {
      const signedIn = await demo.api({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: demoAccounts.admin, password: DEMO_PASSWORD },
      });
      expect(signedIn.json().user.role).toBe('admin');
      const cookie = sessionCookie(signedIn)!;
      expect(
        (await demo.api({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie } }))
          .statusCode,
      ).toBe(200);
      const other = await signUp(demo.app);
      await promoteToAdmin(demo.app, other.user.id);
      const refused = await demo.api({
        method: 'GET',
        url: '/api/admin/dashboard',
        headers: { cookie: other.cookie },
      });
      expect(refused.json()).toEqual({ error: ADMIN_NEEDS_SECOND_FACTOR });
    }
  });
});

describe("step-up before role changes, another account's email, exports and outbox reads", () => {
  const today = new Date().toISOString().slice(0, 10);
  const sensitive = (cookie: string, userId: string) => [
    get(`/api/admin/export/bookings.csv?from=${today}&to=${today}`, cookie),
    get(`/api/admin/export/payments.csv?from=${today}&to=${today}`, cookie),
    get('/api/admin/outbox', cookie),
    t.api({
      method: 'PATCH',
      url: `/api/users/${userId}`,
      payload: { role: 'mechanic' },
      headers: { cookie },
    }),
    t.api({
      method: 'PATCH',
      url: `/api/users/${userId}`,
      payload: { email: `moved-${randomBytes(4).toString('hex')}@example.com` },
      headers: { cookie },
    }),
  ];
  const age = (userId: string, minutes: number) =>
    t.app.database.db
      .update(sessions)
      .set({ verifiedAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(sessions.userId, userId));

  it('asks for the password or a code when the last proof is older than 10 minutes', async () => {
    const target = await signUp(t.app);
    await age(cast.admin.user.id, 11);
    for (const response of await Promise.all(sensitive(cast.admin.cookie, target.user.id))) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: STEP_UP_REQUIRED });
    }
    // Everything else still works without it.
    const rename = await t.api({
      method: 'PATCH',
      url: `/api/users/${target.user.id}`,
      payload: { name: 'Renamed By Admin' },
      headers: { cookie: cast.admin.cookie },
    });
    expect(rename.statusCode).toBe(200);
    expect((await get('/api/admin/dashboard', cast.admin.cookie)).statusCode).toBe(200);

    const wrong = await post('/api/auth/step-up', { password: 'nope' }, cast.admin.cookie);
    expect(wrong.statusCode).toBe(400);
    const proved = await post(
      '/api/auth/step-up',
      { password: cast.admin.account.password },
      cast.admin.cookie,
    );
    expect(proved.statusCode).toBe(200);
    expect(Date.parse(proved.json().verifiedUntil)).toBeGreaterThan(Date.now() + 9 * 60_000);
    for (const response of await Promise.all(sensitive(cast.admin.cookie, target.user.id)))
      expect(response.statusCode, response.body).toBe(200);
  });

  it('takes a two-step code for the step-up too', async () => {
    await age(cast.admin.user.id, 30);
    expect((await get('/api/admin/outbox', cast.admin.cookie)).statusCode).toBe(403);
    const code = await freshTotpCode(t.app, cast.admin.user.id, cast.admin.totpSecret);
    expect((await post('/api/auth/step-up', { code }, cast.admin.cookie)).statusCode).toBe(200);
    expect((await get('/api/admin/outbox', cast.admin.cookie)).statusCode).toBe(200);
  });
});
