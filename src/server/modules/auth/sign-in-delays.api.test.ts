import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../db/schema/index.ts';
import { enrolTotp, freshTotpCode } from '../../test/second-factor.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';
import { guessesPerHour } from './login-throttle.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ trustProxy: 1 });
});
afterAll(() => t.close());

let addressCounter = 0;
/** Every attempt of a spread attack comes from an address of its own. */
const strangerAddress = () => {
  addressCounter += 1;
  return `198.18.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

const login = (payload: Record<string, unknown>, address: string, cookie?: string) =>
  t.api({
    method: 'POST',
    url: '/api/auth/login',
    payload,
    headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
  });

const deviceCookie = (response: LightMyRequestResponse) => {
  const cookie = response.cookies.find((c) => c.name === 'tf_device');
  return cookie ? `tf_device=${cookie.value}` : undefined;
};

/** Time passes for the sign-in delays: every recorded attempt of the account moves back. */
const passSeconds = (email: string, seconds: number) =>
  t.app.database.db
    .update(loginFailures)
    .set({ createdAt: sql`${loginFailures.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(loginFailures.email, email));

/**
 * Strangers, one address each, guess the account's password as fast as the server lets them for
 * an hour: each 429's Retry-After is waited out (by moving the account's attempts back in time).
 */
async function spreadAttack(email: string, seconds: number) {
  let elapsed = 0;
  let guesses = 0;
  let waits = 0;
  while (elapsed < seconds) {
    const response = await login({ email, password: `guess-${guesses}` }, strangerAddress());
    if (response.statusCode === 401) {
      guesses += 1;
      continue;
    }
    expect(response.statusCode, response.body).toBe(429);
    const wait = Number(response.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    waits += 1;
    elapsed += wait;
    if (elapsed < seconds) await passSeconds(email, wait);
  }
  return { guesses, waits };
}

const policy = () => ({
  freeFailures: t.config.loginMaxFailures,
  maxDelaySeconds: t.config.loginMaxDelaySeconds,
});

describe('sign-in delays instead of a lockout', () => {
  it('lets a spread attack (a new address per guess) make at most the documented guesses in an hour', async () => {
    const { account } = await signUp(t.app);
    const { guesses } = await spreadAttack(account.email, 3600);
    expect(guessesPerHour(policy())).toBe(20);
    expect(guesses).toBe(guessesPerHour(policy()));
  });

  it('lets the owner in during the attack from a browser that signed in before, and not a new one', async () => {
    const owner = await signUp(t.app);
    const right = { email: owner.account.email, password: owner.account.password };
    const before = await login(right, '203.0.113.7');
    expect(before.statusCode).toBe(200);
    const device = deviceCookie(before)!;
    expect(before.cookies.find((c) => c.name === 'tf_device')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    await spreadAttack(owner.account.email, 600);

    const fromNewBrowser = await login(right, '203.0.113.8');
    expect(fromNewBrowser.statusCode).toBe(429);
    const fromKnownBrowser = await login(right, '203.0.113.8', device);
    expect(fromKnownBrowser.statusCode).toBe(200);
  });

  it('slows a known browser by its own failures: a stolen device cookie guesses no faster', async () => {
    const owner = await signUp(t.app);
    const first = await login(
      { email: owner.account.email, password: owner.account.password },
      '203.0.113.9',
    );
    const device = deviceCookie(first)!;
    for (let i = 0; i < t.config.loginMaxFailures; i++)
      expect(
        (await login({ email: owner.account.email, password: `x${i}` }, strangerAddress(), device))
          .statusCode,
      ).toBe(401);
    const slowed = await login(
      { email: owner.account.email, password: owner.account.password },
      strangerAddress(),
      device,
    );
    expect(slowed.statusCode).toBe(429);
  });

  it('lets the owner in during the attack with the password and a two-step code; a wrong code tells nothing', async () => {
    const owner = await signUp(t.app);
    const { secret } = await enrolTotp(t.app, owner);
    await spreadAttack(owner.account.email, 600);
    const right = { email: owner.account.email, password: owner.account.password };

    const withoutCode = await login(right, '203.0.113.10');
    expect(withoutCode.statusCode).toBe(429);
    const wrongCode = await login({ ...right, code: '000000' }, '203.0.113.10');
    const wrongPassword = await login(
      { ...right, password: 'not it', code: await freshTotpCode(t.app, owner.user.id, secret) },
      '203.0.113.10',
    );
    expect(wrongCode.statusCode).toBe(429);
    expect(wrongPassword.statusCode).toBe(429);
    expect(wrongCode.json()).toEqual(withoutCode.json());

    const withCode = await login(
      { ...right, code: await freshTotpCode(t.app, owner.user.id, secret) },
      '203.0.113.10',
    );
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect(withCode.json().user.id).toBe(owner.user.id);
  });

  it('lets a try through once the wait has passed', async () => {
    const { account } = await signUp(t.app);
    for (let i = 0; i < t.config.loginMaxFailures; i++)
      await login({ email: account.email, password: 'nope' }, strangerAddress());
    const right = { email: account.email, password: account.password };
    const waiting = await login(right, strangerAddress());
    expect(waiting.statusCode).toBe(429);
    await passSeconds(account.email, Number(waiting.headers['retry-after']));
    expect((await login(right, strangerAddress())).statusCode).toBe(200);
  });
});
