import type { ErrorBody } from '#core/errors.ts';

/** What one call to the live API answered: never thrown, so a check can report any outcome. */
export interface QaResponse<T = unknown> {
  method: string;
  path: string;
  /** The HTTP status; 0 when the server could not be reached. */
  status: number;
  ok: boolean;
  /** The parsed JSON body (or the text, or undefined for an empty one). */
  body: T;
  /** The server's `error` message on a failure, else the status text. */
  message: string;
  /** Time from sending to the whole body read, in milliseconds. */
  ms: number;
}

export type QaMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface QaRequestOptions {
  body?: unknown;
  /** A test account's bearer session (see test-accounts.ts); without it, the page's own cookie. */
  token?: string;
  headers?: Record<string, string>;
  /** Sent with no session at all: no cookie, no token. */
  anonymous?: boolean;
  /** Outlives the page: for what must still reach the server while the tab closes. */
  keepalive?: boolean;
}

/**
 * Calls the API as the page does (cookies, JSON), or as a test account with its bearer token and
 * no cookie at all, so a test account never replaces the signed-in user's session.
 */
export async function qaRequest<T = unknown>(
  method: QaMethod,
  path: string,
  options: QaRequestOptions = {},
): Promise<QaResponse<T>> {
  const started = performance.now();
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  try {
    const response = await fetch(path, {
      method,
      // A test account's calls, and its bearer sign-in, never carry or replace the page's cookie.
      credentials:
        options.anonymous || options.token || headers['x-session-transport'] ? 'omit' : 'include',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      keepalive: options.keepalive,
    });
    const text = await response.text();
    const body = parse(text) as T;
    const error = (body as Partial<ErrorBody> | undefined)?.error;
    return {
      method,
      path,
      status: response.status,
      ok: response.ok,
      body,
      message: response.ok ? response.statusText || 'OK' : error || text || response.statusText,
      ms: Math.round(performance.now() - started),
    };
  } catch {
    return {
      method,
      path,
      status: 0,
      ok: false,
      body: undefined as T,
      message: 'Cannot reach the server',
      ms: Math.round(performance.now() - started),
    };
  }
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `qaRequest` bound to one identity: the page's session, or a test account's token. */
export interface QaClient {
  get<T = unknown>(path: string): Promise<QaResponse<T>>;
  post<T = unknown>(path: string, body?: unknown): Promise<QaResponse<T>>;
  put<T = unknown>(path: string, body?: unknown): Promise<QaResponse<T>>;
  patch<T = unknown>(path: string, body?: unknown): Promise<QaResponse<T>>;
  delete<T = unknown>(path: string, body?: unknown): Promise<QaResponse<T>>;
}

export function qaClient(token?: string): QaClient {
  const call =
    (method: QaMethod) =>
    <T>(path: string, body?: unknown) =>
      qaRequest<T>(method, path, { body, token });
  return {
    get: call('GET'),
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    delete: call('DELETE'),
  };
}

/** The signed-in user's own session (or none). */
export const pageSession = qaClient();
