import { CheckFailure, expectStatus, expectThat, type Check } from '../shared/checks.ts';
import { offContract, type QaResponse } from '../shared/qa-api.ts';
import { signedInUser } from '../shared/use-demo-sign-in.ts';
import {
  createTestAccount,
  deleteTestAccounts,
  testAccountDetails,
  type TestAccount,
} from '../shared/test-accounts.ts';
import {
  accountFromRegistration,
  describeFields,
  endSession,
  expectFieldRefusal,
  loginWithBearer,
  readSession,
  registerWithBearer,
  type AuthAnswer,
} from './auth-calls.ts';

/**
 * What one run of the automated or validation checks builds up: every account it created (all
 * deleted at the end) and the extra session the sign-in check opened.
 */
export interface AuthRunContext {
  accounts: TestAccount[];
  account?: TestAccount;
  loginToken?: string;
}

export const newAuthRun = async (): Promise<AuthRunContext> => ({ accounts: [] });

export async function cleanUpAuthRun(context: AuthRunContext) {
  if (context.loginToken) await endSession(context.loginToken);
  context.loginToken = undefined;
  return deleteTestAccounts(context.accounts);
}

/** Keeps an account a registration created, so that the run's cleanup deletes it. */
function adopt(
  context: AuthRunContext,
  response: QaResponse<AuthAnswer>,
  details: { email: string; password: string },
) {
  const account = accountFromRegistration(response, details);
  if (account) context.accounts.push(account);
  return account;
}

async function ensureAccount(context: AuthRunContext): Promise<TestAccount> {
  if (context.account) return context.account;
  const { account, response } = await createTestAccount('driver');
  if (!account)
    throw new CheckFailure(
      `Could not register a test account (${response.status}: ${response.message})`,
      response,
    );
  context.accounts.push(account);
  context.account = account;
  return account;
}

async function ensureSignedIn(context: AuthRunContext): Promise<string> {
  if (context.loginToken) return context.loginToken;
  const account = await ensureAccount(context);
  const response = expectStatus(
    await loginWithBearer({ email: account.email, password: account.password }),
    200,
  );
  expectThat(response.body?.token, 'Signed in, but no session token came back', response);
  context.loginToken = response.body.token;
  return response.body.token!;
}

/**
 * Signing up, in and out, and the session between: the page's automated run, and the Complete
 * Test Suite's authentication group on the suite's test driver.
 */
export const sessionChecks: readonly Check<AuthRunContext>[] = [
  {
    id: 'register',
    name: 'Register a new driver account',
    async run(context) {
      const { account, response } = await createTestAccount('driver');
      expectStatus(response, 201);
      expectThat(account, 'The account was created, but no session token came back', response);
      context.accounts.push(account!);
      context.account = account;
      const user = account!.user as unknown as Record<string, unknown>;
      expectThat(
        user.email === account!.email && user.role === 'driver',
        'The new user does not match what was sent',
        response,
      );
      expectThat(
        !('password' in user) && !('passwordHash' in user),
        'The answer shows the password',
        response,
      );
      return { detail: `Created ${account!.email} as a driver`, response };
    },
  },
  {
    id: 'login',
    name: 'Sign in with the new account',
    async run(context) {
      const account = await ensureAccount(context);
      const response = expectStatus(
        await loginWithBearer({ email: account.email, password: account.password }),
        200,
      );
      expectThat(response.body?.token, 'Signed in, but no session token came back', response);
      const user = signedInUser(response.body);
      expectThat(user?.id === account.user.id, 'Signed in as a different user', response);
      context.loginToken = response.body.token;
      return { detail: `Signed in as ${user!.name}`, response };
    },
  },
  {
    id: 'session',
    name: 'Read the session (GET /api/auth/me)',
    async run(context) {
      const token = await ensureSignedIn(context);
      const response = expectStatus(await readSession(token), 200);
      expectThat(
        response.body?.id === context.account?.user.id,
        'The session belongs to a different user',
        response,
      );
      return { detail: `The session belongs to ${response.body.email}`, response };
    },
  },
  {
    id: 'logout',
    name: 'Sign out ends the session',
    async run(context) {
      const token = await ensureSignedIn(context);
      expectStatus(await endSession(token), 204);
      context.loginToken = undefined;
      const after = await readSession(token);
      if (after.ok) throw new CheckFailure('The session still works after signing out', after);
      expectStatus(after, 401);
      const other = context.account?.token;
      if (other && other !== token) {
        const still = await readSession(other);
        expectThat(
          still.status === 200,
          `Signing out one session ended another: expected 200, got ${still.status}: ${still.message}`,
          still,
        );
        return {
          detail:
            "Signed out (204); the old session is now refused (401); the account's other session still works (200)",
          response: after,
        };
      }
      return { detail: 'Signed out (204); the old session is now refused (401)', response: after };
    },
  },
  {
    id: 'wrong-password',
    name: 'A wrong password is refused',
    async run(context) {
      const account = await ensureAccount(context);
      const response = await loginWithBearer({
        email: account.email,
        password: `${account.password}-wrong`,
      });
      if (response.ok) {
        if (response.body?.token) await endSession(response.body.token);
        throw new CheckFailure('Signed in with a wrong password', response);
      }
      expectStatus(response, 401);
      return { detail: `Refused as expected: ${response.message}`, response };
    },
  },
];

export const automatedChecks: readonly Check<AuthRunContext>[] = [
  ...sessionChecks,
  {
    id: 'duplicate',
    name: 'Registering the same email again is refused',
    async run(context) {
      const account = await ensureAccount(context);
      const details = { ...testAccountDetails('driver'), email: account.email };
      const response = await registerWithBearer(details);
      if (response.ok) {
        adopt(context, response, details);
        throw new CheckFailure('A second account with the same email was created', response);
      }
      expectStatus(response, 409);
      expectThat(
        response.message.includes('User already exists'),
        `Refused, but the message does not say 'User already exists'`,
        response,
      );
      return { detail: `Refused as expected: ${response.message}`, response };
    },
  },
];

/** A registration with one thing wrong: refused with 400 and a message for that field. */
function refusedRegistration(
  id: string,
  name: string,
  change: (details: ReturnType<typeof testAccountDetails>) => Record<string, unknown>,
  fields: readonly string[],
  acceptedMessage = 'Field validation failed',
): Check<AuthRunContext> {
  return {
    id,
    name,
    async run(context) {
      const details = testAccountDetails('driver');
      const response = await registerWithBearer(offContract(change(details)));
      if (response.ok) adopt(context, response, details);
      const messages = expectFieldRefusal(response, fields, acceptedMessage);
      const shown = Object.fromEntries(fields.map((field) => [field, messages[field]!]));
      return { detail: `Refused as expected: ${describeFields(shown)}`, response };
    },
  };
}

export const validationChecks: readonly Check<AuthRunContext>[] = [
  refusedRegistration(
    'missing-fields',
    'Registration without its required fields is refused',
    () => ({}),
    ['username', 'email', 'password', 'name', 'phone'],
    'Missing fields were accepted',
  ),
  refusedRegistration(
    'short-password',
    'A password under 8 characters is refused',
    (details) => ({ ...details, password: 'short7!' }),
    ['password'],
  ),
  refusedRegistration(
    'bad-email',
    'An invalid email address is refused',
    (details) => ({ ...details, email: 'not-an-email' }),
    ['email'],
  ),
  refusedRegistration(
    'short-phone',
    'A phone number under 10 digits is refused',
    (details) => ({ ...details, phone: '555-0100' }),
    ['phone'],
  ),
  refusedRegistration(
    'admin-role',
    'Choosing the admin role at registration is refused',
    (details) => ({ ...details, role: 'admin' }),
    ['role'],
  ),
  {
    id: 'login-missing',
    name: 'Sign-in without email and password is refused',
    async run(context) {
      const response = await loginWithBearer(offContract({}));
      if (response.ok) {
        if (response.body?.token) context.loginToken = response.body.token;
        throw new CheckFailure('Missing fields were accepted', response);
      }
      const messages = expectFieldRefusal(
        response,
        ['email', 'password'],
        'Missing fields were accepted',
      );
      return { detail: `Refused as expected: ${describeFields(messages)}`, response };
    },
  },
];
