import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, sessions } from '../../db/schema/index.ts';
import { captureLogs } from '../../test/log-capture.ts';
import {
  createTestApp,
  newAccount,
  promoteToAdmin,
  sessionCookie,
  signUp,
} from '../../test/test-app.ts';
import { hashToken } from '../../secret-tokens.ts';
import { slowedMessage } from './auth.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ trustProxy: 1 });
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>) =>
  t.api({ method: 'POST', url: '/api/auth/register', payload });
const login = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.api({ method: 'POST', url: '/api/auth/login', payload, headers });
const me = (cookie?: string) =>
  t.api({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });

describe('POST /api/auth/register', () => {
  it('creates the account, signs it in with an httpOnly SameSite=Lax cookie and never answers the password', async () => {
    const account = newAccount({ location: 'Dallas, TX', aaaMemberId: 'AAA-1' });
    const response = await register(account);
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user).toMatchObject({
      email: account.email,
      name: account.name,
      role: 'driver',
      location: 'Dallas, TX',
      aaaMemberId: 'AAA-1',
    });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('passwordHash');
    const cookie = response.cookies.find((c) => c.name === 'tf_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(Buffer.from(cookie.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    const current = await me(sessionCookie(response));
    expect(current.statusCode).toBe(200);
    expect(current.json().id).toBe(user.id);
  });

  it('stores only a hash of the session token', async () => {
    const { cookie, user } = await signUp(t.app);
    const token = cookie.split('=')[1]!;
    const rows = await t.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
  });

  it('keeps a mechanic sign-up a mechanic and the driver registration extras', async () => {
    const { user } = await signUp(t.app, { role: 'mechanic' });
    expect(user.role).toBe('mechanic');
    const driver = await register(
      newAccount({ company: 'Red River Freight', cdlNumber: 'TX-123', vehicleType: 'box_truck' }),
    );
    expect(driver.json().user).toMatchObject({
      company: 'Red River Freight',
      cdlNumber: 'TX-123',
      vehicleInfo: { vehicleType: 'box_truck' },
    });
  });

  it('refuses a duplicate email or username with 409 "User already exists"', async () => {
    const first = newAccount();
    expect((await register(first)).statusCode).toBe(201);
    const sameEmail = await register(newAccount({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error).toContain('User already exists');
    const sameUsername = await register(newAccount({ username: first.username.toUpperCase() }));
    expect(sameUsername.statusCode).toBe(409);
    expect(sameUsername.json().error).toContain('User already exists');
  });

  it.each(['username', 'email', 'password', 'name', 'phone'])('requires %s', async (field) => {
    const account: Record<string, unknown> = newAccount();
    delete account[field];
    const response = await register(account);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(field);
  });

  it.each([
    ['password', 'short', 'Password must be at least 8 characters'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['phone', '555-0100', 'Phone number must be at least 10 digits'],
    ['name', 'A', 'Name must be at least 2 characters'],
    ['role', 'admin', 'Role must be driver or mechanic'],
    ['role', 'superuser', 'Role must be driver or mechanic'],
  ])('refuses %s = %j with "%s"', async (field, value, message) => {
    const response = await register(newAccount({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, fields: { [field]: message } });
  });

  it('answers 400 JSON for a body that is not JSON or not an object', async () => {
    const broken = await t.api({
      method: 'POST',
      url: '/api/auth/register',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBeTruthy();
    const array = await register([1, 2, 3] as unknown as Record<string, unknown>);
    expect(array.statusCode).toBe(400);
  });
});

describe('POST /api/auth/login and logout', () => {
  it('signs in, rotates the token and ends the old session', async () => {
    const { account, cookie: first } = await signUp(t.app);
    const response = await login(
      { email: account.email, password: account.password },
      { cookie: first },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(account.email);
    const second = sessionCookie(response)!;
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('accepts the email in any case', async () => {
    const { account } = await signUp(t.app);
    expect(
      (await login({ email: account.email.toUpperCase(), password: account.password })).statusCode,
    ).toBe(200);
  });

  it('gives the same answer for an unknown email as for a wrong password', async () => {
    const { account } = await signUp(t.app);
    const wrong = await login(
      { email: account.email, password: 'wrong password' },
      { 'x-forwarded-for': '10.0.0.1' },
    );
    const unknown = await login(
      { email: 'nobody@example.com', password: 'wrong password' },
      { 'x-forwarded-for': '10.0.0.1' },
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.cookies).toHaveLength(0);
  });

  it('requires email and password', async () => {
    const response = await login({ email: '' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
  });

  it('ends the session at logout', async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.api({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === 'tf_session')?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('answers the session (or null) at /api/auth/session without a 401', async () => {
    const { cookie, user } = await signUp(t.app);
    expect(
      (await t.api({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user
        .id,
    ).toBe(user.id);
    const anonymous = await t.api({ method: 'GET', url: '/api/auth/session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ user: null });
  });

  it('answers 401 to /api/auth/me without a session or with a forged one', async () => {
    expect((await me()).statusCode).toBe(401);
    expect((await me('tf_session=forged-token')).json()).toEqual({
      error: 'Please sign in to continue',
    });
  });

  it('ends a session after the idle window and after its absolute expiry', async () => {
    const idle = await signUp(t.app);
    await t.app.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (t.config.sessionIdleHours + 1) * 3_600_000) })
      .where(eq(sessions.userId, idle.user.id));
    expect((await me(idle.cookie)).statusCode).toBe(401);

    const old = await signUp(t.app);
    await t.app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, old.user.id));
    expect((await me(old.cookie)).statusCode).toBe(401);
  });

  it('marks the cookie Secure when served over HTTPS', async () => {
    const secure = await createTestApp({ trustProxy: 1 });
    try {
      const response = await secure.api({
        method: 'POST',
        url: '/api/auth/register',
        payload: newAccount(),
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.cookies.find((c) => c.name === 'tf_session')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('failed sign-in delays', () => {
  it('slows the account after 10 failures: 429 with Retry-After, even for the right password from a new browser', async () => {
    const { account } = await signUp(t.app);
    for (let i = 0; i < 10; i++) {
      const response = await login(
        { email: account.email, password: `wrong-${i}` },
        { 'x-forwarded-for': `10.1.0.${i}` },
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(
      { email: account.email, password: account.password },
      { 'x-forwarded-for': '10.1.1.1' },
    );
    expect(blocked.statusCode).toBe(429);
    // 15 seconds after the last failure (a busy machine may have used a few of them).
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15);
    expect(blocked.json().error).toBe(slowedMessage(wait));
    expect(blocked.json().error).toMatch(/reset your password/);
  });

  it('checks only as many of 50 simultaneous wrong passwords for one account as the limit allows', async () => {
    const { account } = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        login(
          { email: account.email, password: `wrong-${i}` },
          { 'x-forwarded-for': `10.4.${i}.1` },
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(t.config.loginMaxFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - t.config.loginMaxFailures);
    const right = await login(
      { email: account.email, password: account.password },
      { 'x-forwarded-for': '10.4.200.1' },
    );
    expect(right.statusCode).toBe(429);
  });

  it('checks only as many of 50 simultaneous guesses from one address as the limit allows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        login(
          { email: `parallel-guess-${i}@example.com`, password: 'x' },
          { 'x-forwarded-for': '10.5.0.1' },
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(t.config.loginMaxFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - t.config.loginMaxFailures);
  });

  it('counts IPv6 addresses of one /64 together, and another /64 apart', async () => {
    const victim = await signUp(t.app);
    for (let i = 0; i < t.config.loginMaxFailures; i++) {
      const response = await login(
        { email: `v6-guess-${i}@example.com`, password: 'x' },
        { 'x-forwarded-for': `2001:db8:6:1::${(i + 1).toString(16)}` },
      );
      expect(response.statusCode).toBe(401);
    }
    const right = { email: victim.account.email, password: victim.account.password };
    const sameSubnet = await login(right, { 'x-forwarded-for': '2001:db8:6:1:ffff:1:2:3' });
    expect(sameSubnet.statusCode).toBe(429);
    const otherSubnet = await login(right, { 'x-forwarded-for': '2001:db8:6:2::1' });
    expect(otherSubnet.statusCode).toBe(200);
  });

  it('logs failures and the slow-down with ids and the address, never the password', async () => {
    const logs = captureLogs();
    const logged = await createTestApp(
      { trustProxy: 1, logLevel: 'info' },
      { logStream: logs.stream },
    );
    try {
      const { account, user } = await signUp(logged.app);
      const attempt = (password: string) =>
        logged.api({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: account.email, password },
          headers: { 'x-forwarded-for': '198.51.100.9' },
        });
      for (let i = 0; i < logged.config.loginMaxFailures; i++)
        expect((await attempt(`secret-guess-${i}`)).statusCode).toBe(401);
      expect((await attempt(account.password)).statusCode).toBe(429);

      const failed = logs.events('auth.login_failed');
      expect(failed).toHaveLength(logged.config.loginMaxFailures);
      expect(failed[0]).toMatchObject({ userId: user.id, ip: '198.51.100.9', level: 40 });
      const locked = logs.events('auth.login_slowed');
      expect(locked).toHaveLength(1);
      expect(locked[0]).toMatchObject({ userId: user.id, ip: '198.51.100.9' });
      expect(logs.events('auth.login_blocked')).toHaveLength(1);
      expect(logs.text()).not.toMatch(/secret-guess/);
      expect(logs.text()).not.toContain(account.password);
    } finally {
      await logged.close();
    }
  });

  it('answers 429 after 10 failures from one address across accounts', async () => {
    const { account } = await signUp(t.app);
    const address = { 'x-forwarded-for': '10.2.0.1' };
    const limited = await createTestApp({ trustProxy: 1 });
    try {
      const victim = await signUp(limited.app);
      for (let i = 0; i < 10; i++) {
        const response = await limited.api({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `guess${i}@example.com`, password: 'x' },
          headers: address,
        });
        expect(response.statusCode).toBe(401);
      }
      const blocked = await limited.api({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: victim.account.email, password: victim.account.password },
        headers: address,
      });
      expect(blocked.statusCode).toBe(429);
      const elsewhere = await limited.api({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: victim.account.email, password: victim.account.password },
        headers: { 'x-forwarded-for': '10.2.0.2' },
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
    expect(account).toBeTruthy();
  });

  it('removes only its own attempt at a successful sign-in: the failures before it keep counting', async () => {
    const { account } = await signUp(t.app);
    for (let i = 0; i < 3; i++)
      await login({ email: account.email, password: 'nope' }, { 'x-forwarded-for': '10.3.0.1' });
    expect(
      (
        await login(
          { email: account.email, password: account.password },
          { 'x-forwarded-for': '10.3.0.2' },
        )
      ).statusCode,
    ).toBe(200);
    const left = await t.app.database.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.email, account.email));
    expect(left).toHaveLength(3);
  });
});

describe('admin sessions', () => {
  const HOUR = 3_600_000;
  const age = (userId: string, change: { lastSeenAt?: Date; createdAt?: Date }) =>
    t.app.database.db.update(sessions).set(change).where(eq(sessions.userId, userId));

  it('ends an admin session after ADMIN_SESSION_IDLE_HOURS idle, not a driver one', async () => {
    const idle = new Date(Date.now() - (t.config.adminSessionIdleHours + 1) * HOUR);
    const admin = await signUp(t.app);
    await promoteToAdmin(t.app, admin.user.id);
    await age(admin.user.id, { lastSeenAt: idle });
    expect((await me(admin.cookie)).statusCode).toBe(401);
    const driver = await signUp(t.app);
    await age(driver.user.id, { lastSeenAt: idle });
    expect((await me(driver.cookie)).statusCode).toBe(200);
  });

  it('ends an admin session ADMIN_SESSION_MAX_AGE_HOURS after sign-in, however active', async () => {
    const admin = await signUp(t.app);
    await promoteToAdmin(t.app, admin.user.id);
    expect((await me(admin.cookie)).statusCode).toBe(200);
    await age(admin.user.id, {
      createdAt: new Date(Date.now() - (t.config.adminSessionMaxAgeHours + 1) * HOUR),
    });
    expect((await me(admin.cookie)).statusCode).toBe(401);
  });

  it("gives an admin's sign-in a cookie and session that expire after ADMIN_SESSION_MAX_AGE_HOURS", async () => {
    const { account, user } = await signUp(t.app);
    await promoteToAdmin(t.app, user.id);
    const response = await login({ email: account.email, password: account.password });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'tf_session')!;
    const maxAge = t.config.adminSessionMaxAgeHours * HOUR;
    expect(cookie.expires!.getTime()).toBeLessThanOrEqual(Date.now() + maxAge);
    expect(cookie.expires!.getTime()).toBeGreaterThan(Date.now() + maxAge - 60_000);
  });
});

describe('input the database cannot store', () => {
  it('answers 400, not 500, for a NUL byte in text', async () => {
    const response = await register(newAccount({ name: 'Nul\u0000Byte' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBeTruthy();
  });
});
