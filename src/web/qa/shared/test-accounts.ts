import type { PublicUser } from '#core/users/schemas.ts';
import type { Transport } from '#web/api/client.ts';
import { qaApi, type QaApi, type QaResponse } from './qa-api.ts';

/**
 * Test data is named so that anyone (and the cleanup count in e2e/qa-pages.spec.ts) can tell it
 * from real data: accounts `qa-test-…@example.com` named "QA Test …", bookings and vehicles whose
 * text starts with "QA test".
 */
export const TEST_EMAIL_PREFIX = 'qa-test-';
export const TEST_DATA_PREFIX = 'QA test';

export interface TestAccount {
  user: PublicUser;
  email: string;
  password: string;
  /** Calls as this account (bearer session), leaving the page's own session untouched. */
  api: QaApi;
  token: string;
}

export type TestRole = 'driver' | 'mechanic';

const randomPart = () => crypto.getRandomValues(new Uint32Array(2)).join('').slice(0, 12);

/** The registration body of a new test account (also used by checks that register by hand). */
export function testAccountDetails(role: TestRole) {
  const id = randomPart();
  return {
    username: `qa_test_${id}`,
    email: `${TEST_EMAIL_PREFIX}${id}@example.com`,
    password: `Qa-${crypto.randomUUID()}`,
    name: `QA Test ${role === 'driver' ? 'Driver' : 'Mechanic'}`,
    phone: '2145550100',
    role,
    location: 'Dallas, TX',
  };
}

/**
 * The account a registration made, calling as it with its session `token`; `send` replaces the
 * network for a unit test's fake server.
 */
export function testAccount(
  registered: { user: PublicUser; email: string; password: string },
  token: string,
  send?: Transport,
): TestAccount {
  return { ...registered, token, api: qaApi({ token }, send) };
}

/**
 * Registers a test account and keeps its session as a bearer token
 * (`x-session-transport: bearer`: the server answers the token instead of setting a cookie).
 */
export async function createTestAccount(
  role: TestRole,
): Promise<{ account?: TestAccount; response: QaResponse }> {
  const details = testAccountDetails(role);
  const response = await qaApi().post('/auth/register', {
    body: details,
    headers: { 'x-session-transport': 'bearer' },
  });
  if (!response.ok || !response.body?.token) return { response };
  const { user, token } = response.body;
  return {
    response,
    account: testAccount({ user, email: details.email, password: details.password }, token),
  };
}

/** Deletes a test account as its owner would (`DELETE /api/users/me`, password confirmed). */
export const deleteTestAccount = (account: TestAccount) =>
  account.api.delete('/users/me', { body: { password: account.password } });

/** The same, sent so that it still reaches the server while the tab closes or reloads. */
export const deleteTestAccountWhileLeaving = (account: TestAccount) =>
  void account.api.delete('/users/me', { body: { password: account.password }, keepalive: true });

/** Deletes every account created during a run, whatever happened to the checks. */
export async function deleteTestAccounts(accounts: readonly TestAccount[]) {
  return Promise.all(accounts.map(deleteTestAccount));
}
