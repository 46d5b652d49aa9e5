import type { ErrorBody } from '#core/errors.ts';
import type { Answer, InitOf } from '#web/api/client.ts';
import { CheckFailure, expectStatus } from '../shared/checks.ts';
import { anonymousApi, qaApi, type QaResponse } from '../shared/qa-api.ts';
import { testAccount, type TestAccount } from '../shared/test-accounts.ts';

/** Asks the server for the session as a token in the answer, so no cookie is set or replaced. */
export const BEARER_HEADERS = { 'x-session-transport': 'bearer' } as const;

export type Registration = InitOf<'post', '/auth/register'>['body'];
type Credentials = InitOf<'post', '/auth/login'>['body'];

/** What register answers on the bearer transport (`token` only on that transport). */
export type AuthAnswer = Answer<'post', '/auth/register'>;

/** What sign-in answers: the user and token, or only that a second step is needed. */
export type SignInAnswer = Answer<'post', '/auth/login'>;

export const registerWithBearer = (body: Registration) =>
  anonymousApi.post('/auth/register', { body, headers: BEARER_HEADERS });

export const loginWithBearer = (body: Credentials) =>
  anonymousApi.post('/auth/login', { body, headers: BEARER_HEADERS });

export const readSession = (token: string) => qaApi({ token }).get('/auth/me');

export const endSession = (token: string) => qaApi({ token }).post('/auth/logout');

/**
 * The account a successful registration created, kept with its token and password so that it can
 * be deleted later (`DELETE /api/users/me` needs both); undefined when nothing was created.
 */
export function accountFromRegistration(
  response: QaResponse<AuthAnswer>,
  details: { email: string; password: string },
): TestAccount | undefined {
  const token = response.ok ? response.body?.token : undefined;
  if (!token || !response.body?.user) return undefined;
  return testAccount(
    { user: response.body.user, email: details.email, password: details.password },
    token,
  );
}

/** The per-field messages of a 400 answer. */
export function fieldMessages(response: QaResponse): Record<string, string> {
  const body = response.body as Partial<ErrorBody> | undefined;
  return body && typeof body === 'object' && body.fields ? body.fields : {};
}

/** "email: Please enter a valid email address; phone: …" */
export const describeFields = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');

/**
 * Passes when the server refused the request with 400 and a message for every one of `fields`.
 * A 2xx fails with `acceptedMessage`; a refusal without the field messages fails with
 * 'Field validation failed'.
 */
export function expectFieldRefusal(
  response: QaResponse,
  fields: readonly string[],
  acceptedMessage: string,
): Record<string, string> {
  if (response.ok) throw new CheckFailure(acceptedMessage, response);
  expectStatus(response, 400);
  const messages = fieldMessages(response);
  const missing = fields.filter((field) => !messages[field]);
  if (missing.length > 0)
    throw new CheckFailure(
      `Field validation failed: no message for ${missing.join(', ')}`,
      response,
    );
  return messages;
}
