import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { totpSecrets } from '../db/schema/index.ts';
import { inject, sessionCookie, type TestAccount } from './test-app.ts';

/** The code an authenticator app shows for a secret at a moment. */
export const totpCode = (secret: string, at = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

/**
 * A code the server will take now: tests sign in more often than one 30-second step allows, so
 * this forgets the last step the account used (a real authenticator would wait for the next).
 */
export async function freshTotpCode(app: FastifyInstance, userId: string, secret: string) {
  await app.database.db
    .update(totpSecrets)
    .set({ lastUsedStep: null })
    .where(eq(totpSecrets.userId, userId));
  return totpCode(secret);
}

/** Turns TOTP on for a signed-in account, as a person would: setup, then the first code. */
export async function enrolTotp(app: FastifyInstance, account: TestAccount) {
  const setup = await inject(app, {
    method: 'POST',
    url: '/api/auth/mfa/totp/setup',
    headers: { cookie: account.cookie },
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await inject(app, {
    method: 'POST',
    url: '/api/auth/mfa/totp/enable',
    headers: { cookie: account.cookie },
    payload: { code: totpCode(secret) },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, recoveryCodes: (enabled.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** Signs in with the password and a current code together; answers the session cookie. */
export async function signInWithCode(
  app: FastifyInstance,
  account: TestAccount & { totpSecret: string },
  remoteAddress?: string,
) {
  const response = await inject(app, {
    method: 'POST',
    url: '/api/auth/login',
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: {
      email: account.account.email,
      password: account.account.password,
      code: await freshTotpCode(app, account.user.id, account.totpSecret),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookie(response)!;
}
