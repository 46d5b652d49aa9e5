import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCheck } from '../shared/checks.ts';
import type { QaResponse } from '../shared/qa-api.ts';
import { testAccount } from '../shared/test-accounts.ts';
import { accountFromRegistration, describeFields, expectFieldRefusal } from './auth-calls.ts';
import { automatedChecks, validationChecks, type AuthRunContext } from './auth-checks.ts';

const answer = (status: number, body?: unknown): QaResponse => ({
  method: 'POST',
  path: '/api/auth/register',
  status,
  ok: status >= 200 && status < 300,
  body,
  message: (body as { error?: string } | undefined)?.error ?? 'OK',
  ms: 3,
});

const user = { id: '5d0c4a51-7f43-4d7b-9a59-64b1b1b3f1a1', name: 'QA Test Driver', role: 'driver' };

/** Answers each call with the next of `replies`, recording what was asked. */
function serve(...replies: [number, unknown?][]) {
  const calls: { method: string; url: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({
        method: init.method ?? 'GET',
        url,
        headers: init.headers as Record<string, string>,
      });
      const [status, body] = replies.shift() ?? [500, { error: 'No reply prepared' }];
      return new Response(body === undefined ? null : JSON.stringify(body), { status });
    }),
  );
  return calls;
}

const check = (id: string) => [...automatedChecks, ...validationChecks].find((c) => c.id === id)!;

afterEach(() => vi.unstubAllGlobals());

describe('expectFieldRefusal', () => {
  it('returns the field messages of a 400 that names every field', () => {
    const response = answer(400, { error: 'Required', fields: { email: 'Required' } });
    expect(expectFieldRefusal(response, ['email'], 'accepted')).toEqual({ email: 'Required' });
  });

  it('fails with the given message when the server accepted the request', () => {
    expect(() =>
      expectFieldRefusal(answer(201, { user }), ['email'], 'Missing fields were accepted'),
    ).toThrow('Missing fields were accepted');
  });

  it('fails when a field has no message', () => {
    const response = answer(400, { error: 'Required', fields: { email: 'Required' } });
    expect(() => expectFieldRefusal(response, ['email', 'phone'], 'x')).toThrow(
      'Field validation failed: no message for phone',
    );
  });

  it('fails on any other status', () => {
    expect(() => expectFieldRefusal(answer(500, { error: 'Boom' }), ['email'], 'x')).toThrow(
      'Expected 400, got 500: Boom',
    );
  });
});

describe('accountFromRegistration', () => {
  const details = { email: 'qa-test-1@example.com', password: 'Qa-secret-1' };

  it('keeps the token and password of a created account', () => {
    const account = accountFromRegistration(answer(201, { user, token: 't1' }) as never, details);
    expect(account).toMatchObject({ token: 't1', password: 'Qa-secret-1', user });
  });

  it('gives nothing for a refusal or an answer without a token', () => {
    expect(accountFromRegistration(answer(400, { error: 'x' }) as never, details)).toBeUndefined();
    expect(accountFromRegistration(answer(201, { user }) as never, details)).toBeUndefined();
  });
});

it('describeFields lists field and message pairs', () => {
  expect(describeFields({ email: 'Required', phone: 'Too short' })).toBe(
    'email: Required; phone: Too short',
  );
});

describe('validation checks', () => {
  it('fail honestly when the server accepts missing fields, and keep the account for cleanup', async () => {
    serve([201, { user, token: 'accidental' }]);
    const context: AuthRunContext = { accounts: [] };
    const result = await runCheck(check('missing-fields'), context);
    expect(result).toMatchObject({ status: 'failed', detail: 'Missing fields were accepted' });
    expect(result.httpStatus).toBe(201);
    expect(context.accounts.map((a) => a.token)).toEqual(['accidental']);
  });

  it('pass when the admin role is refused with a message for role', async () => {
    const calls = serve([
      400,
      {
        error: 'Role must be driver or mechanic',
        fields: { role: 'Role must be driver or mechanic' },
      },
    ]);
    const result = await runCheck(check('admin-role'), { accounts: [] });
    expect(result).toMatchObject({
      status: 'passed',
      httpStatus: 400,
      detail: 'Refused as expected: role: Role must be driver or mechanic',
    });
    expect(calls[0]!.headers['x-session-transport']).toBe('bearer');
  });
});

describe('automated checks', () => {
  it('sign-out passes only when the old session is refused afterwards', async () => {
    const calls = serve([204], [401, { error: 'Please sign in to continue' }]);
    const context: AuthRunContext = { accounts: [], loginToken: 'session-2' };
    const result = await runCheck(check('logout'), context);
    expect(result).toMatchObject({ status: 'passed', httpStatus: 401 });
    expect(calls.map((c) => `${c.method} ${c.url} ${c.headers.authorization}`)).toEqual([
      'POST /api/auth/logout Bearer session-2',
      'GET /api/auth/me Bearer session-2',
    ]);
    expect(context.loginToken).toBeUndefined();
  });

  it('sign-out fails when the session still works', async () => {
    serve([204], [200, user]);
    const result = await runCheck(check('logout'), { accounts: [], loginToken: 'session-2' });
    expect(result).toMatchObject({
      status: 'failed',
      detail: 'The session still works after signing out',
      httpStatus: 200,
    });
  });

  it("sign-out fails when it also ended the account's other session", async () => {
    const calls = serve(
      [204],
      [401, { error: 'Please sign in to continue' }],
      [401, { error: 'Please sign in to continue' }],
    );
    const account = testAccount(
      { user: user as never, email: 'qa-test-1@example.com', password: 'p' },
      'session-1',
    );
    const result = await runCheck(check('logout'), {
      accounts: [],
      account,
      loginToken: 'session-2',
    });
    expect(result).toMatchObject({
      status: 'failed',
      detail:
        'Signing out one session ended another: expected 200, got 401: Please sign in to continue',
    });
    expect(calls.map((c) => c.headers.authorization)).toEqual([
      'Bearer session-2',
      'Bearer session-2',
      'Bearer session-1',
    ]);
  });

  it('a wrong password that signs in fails the check', async () => {
    serve([200, { user, token: 'oops' }], [204]);
    const account = testAccount(
      { user: user as never, email: 'qa-test-1@example.com', password: 'p' },
      't',
    );
    const result = await runCheck(check('wrong-password'), { accounts: [account], account });
    expect(result).toMatchObject({ status: 'failed', detail: 'Signed in with a wrong password' });
  });
});
