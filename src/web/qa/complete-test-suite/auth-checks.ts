import type { PublicUser } from '#core/users/schemas.ts';
import { expectStatus, expectThat } from '../shared/checks.ts';
import { qaClient } from '../shared/qa-client.ts';
import { testAccountDetails } from '../shared/test-accounts.ts';
import { registerAccount, signIn, step, type SuiteCheck, type SuiteContext } from './context.ts';

/** A second session of the test driver, so signing it out leaves the run's own session alive. */
async function secondSession(context: SuiteContext) {
  if (context.state.auth.secondToken) return context.state.auth.secondToken;
  const response = await step('Signing in a second session', async () =>
    expectStatus(await signIn(context.driver.email, context.driver.password), 200),
  );
  expectThat(response.body?.token, 'Sign-in answered no bearer token', response);
  context.state.auth.secondToken = response.body.token;
  return response.body.token!;
}

export const authChecks: readonly SuiteCheck[] = [
  {
    id: 'auth-register',
    name: 'Register a new driver account (201)',
    async run(context) {
      const details = testAccountDetails('driver');
      const response = expectStatus(await registerAccount(context, details), 201);
      const body = response.body as { user?: PublicUser; token?: string };
      expectThat(body.user?.email === details.email, 'The new user has another email', response);
      expectThat(body.user?.role === 'driver', `Role is ${body.user?.role}, not driver`, response);
      expectThat(body.token, 'No bearer token in the answer', response);
      return { detail: `Created ${details.email} as a driver, signed in`, response };
    },
  },
  {
    id: 'auth-login',
    name: 'Sign in with email and password (200, bearer session)',
    async run(context) {
      const response = expectStatus(
        await signIn(context.driver.email, context.driver.password),
        200,
      );
      expectThat(response.body?.token, 'Sign-in answered no bearer token', response);
      expectThat(
        response.body?.user?.id === context.driver.user.id,
        'Signed in as another user',
        response,
      );
      context.state.auth.secondToken = response.body.token;
      return { detail: `Signed in as ${response.body.user.email}: a new session`, response };
    },
  },
  {
    id: 'auth-session',
    name: 'Session returns the signed-in user (GET /api/auth/me)',
    async run(context) {
      const response = expectStatus(
        await context.driver.client.get<PublicUser>('/api/auth/me'),
        200,
      );
      expectThat(
        response.body?.id === context.driver.user.id,
        'The session belongs to another user',
        response,
      );
      return { detail: `Session of ${response.body.name} (${response.body.role})`, response };
    },
  },
  {
    id: 'auth-wrong-password',
    name: 'Wrong password refused (401)',
    async run(context) {
      const response = expectStatus(
        await signIn(context.driver.email, `${context.driver.password}-wrong`),
        401,
      );
      return { detail: `Refused as expected: ${response.message}`, response };
    },
  },
  {
    id: 'auth-logout',
    name: 'Sign out ends the session (token then refused, 401)',
    async run(context) {
      const token = await secondSession(context);
      const session = qaClient(token);
      expectStatus(await session.post('/api/auth/logout'), 204);
      context.state.auth.secondToken = undefined;
      const after = await session.get('/api/auth/me');
      expectThat(
        after.status === 401,
        `The signed-out token still works: expected 401, got ${after.status}: ${after.message}`,
        after,
      );
      const other = expectStatus(await context.driver.client.get('/api/auth/me'), 200);
      return {
        detail: `Signed out: its token is refused (401); the driver's other session still works (${other.status})`,
        response: after,
      };
    },
  },
];
