import type { ErrorBody } from '#core/errors.ts';
import {
  createApiClient,
  type Answer,
  type InitOf,
  type InitParam,
  type Method,
  type PathOf,
  type Transport,
} from '#web/api/client.ts';

/** What one call to the live API answered: never thrown, so a check can report any outcome. */
export interface QaResponse<T = unknown> {
  method: string;
  /** The address called, as sent (`/api/users/…?…`). */
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

/** Who a client calls as: the page's own cookie, a test account's bearer token, or nobody. */
export interface QaIdentity {
  /** A test account's bearer session (see test-accounts.ts). */
  token?: string;
  /** Sent with no session at all: no cookie, no token. */
  anonymous?: boolean;
}

type QaCall<M extends Method> = <Path extends PathOf<M>>(
  path: Path,
  ...init: InitParam<InitOf<M, Path>>
) => Promise<QaResponse<Answer<M, Path>>>;

export interface QaApi {
  get: QaCall<'get'>;
  post: QaCall<'post'>;
  put: QaCall<'put'>;
  patch: QaCall<'patch'>;
  delete: QaCall<'delete'>;
}

/**
 * A body a route does not accept, sent on purpose to see it refused: the one place a check steps
 * outside the contract's types.
 */
export const offContract = (body: unknown): never => body as never;

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The network: `fetch` as it is when the call is made (a unit test may have stubbed it). */
const network: Transport = (url, init) => fetch(url, init);

/**
 * Calls the live API on the contract's typed paths (src/web/api/client.ts) and answers what came
 * back, whatever it was: as the page does (cookies), or as a test account with its bearer token
 * and no cookie at all, so a test account never replaces the signed-in user's session.
 * `send` replaces the network for a unit test's fake server.
 */
export function qaApi(identity: QaIdentity = {}, send: Transport = network): QaApi {
  const call =
    <M extends Method>(method: Uppercase<M>): QaCall<M> =>
    async (path, ...init) => {
      const started = performance.now();
      let sent = `${path}`;
      let status = 0;
      let text = '';
      let statusText = '';
      const client = createApiClient(async (url, request) => {
        sent = url;
        const headers = Object.fromEntries(new Headers(request.headers));
        if (identity.token) headers.authorization = `Bearer ${identity.token}`;
        const response = await send(url, {
          ...request,
          // A test account's calls, and its bearer sign-in, never carry or replace the page's cookie.
          credentials:
            identity.anonymous || identity.token || headers['x-session-transport']
              ? 'omit'
              : 'include',
          headers: { accept: 'application/json', ...headers },
        });
        status = response.status;
        statusText = response.statusText;
        text = await response.clone().text();
        return response;
      });
      try {
        await (client[method] as (path: string, init?: object) => Promise<unknown>)(path, init[0]);
      } catch {
        const ms = Math.round(performance.now() - started);
        const body = undefined as never;
        return {
          method,
          path: sent,
          status: 0,
          ok: false,
          body,
          message: 'Cannot reach the server',
          ms,
        };
      }
      const body = parse(text) as never;
      const ok = status >= 200 && status < 300;
      const error = (body as Partial<ErrorBody> | undefined)?.error;
      return {
        method,
        path: sent,
        status,
        ok,
        body,
        message: ok ? statusText || 'OK' : error || text || statusText,
        ms: Math.round(performance.now() - started),
      };
    };
  return {
    get: call<'get'>('GET'),
    post: call<'post'>('POST'),
    put: call<'put'>('PUT'),
    patch: call<'patch'>('PATCH'),
    delete: call<'delete'>('DELETE'),
  };
}

/** The signed-in user's own session (or none). */
export const pageApi = qaApi();

/** No session at all. */
export const anonymousApi = qaApi({ anonymous: true });
