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

type Sent = (path: string, init?: object) => Promise<{ data: unknown; response: Response }>;

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
      const ms = () => Math.round(performance.now() - started);
      let sent = `${path}`;
      const client = createApiClient((url, request) => {
        sent = url;
        const headers = Object.fromEntries(new Headers(request.headers));
        if (identity.token) headers.authorization = `Bearer ${identity.token}`;
        return send(url, {
          ...request,
          // A test account's calls, and its bearer sign-in, never carry or replace the page's cookie.
          credentials:
            identity.anonymous || identity.token || headers['x-session-transport']
              ? 'omit'
              : 'include',
          headers: { accept: 'application/json', ...headers },
        });
      });
      let answered: { data: unknown; response: Response };
      try {
        answered = await (client[method] as Sent)(path, init[0]);
      } catch {
        const unreachable = { status: 0, ok: false, body: undefined as never };
        return { method, path: sent, ...unreachable, message: 'Cannot reach the server', ms: ms() };
      }
      const { data, response } = answered;
      const text = typeof data === 'string' ? data : data === undefined ? '' : JSON.stringify(data);
      const error = (data as Partial<ErrorBody> | undefined)?.error;
      return {
        method,
        path: sent,
        status: response.status,
        ok: response.ok,
        body: data as never,
        message: response.ok ? response.statusText || 'OK' : error || text || response.statusText,
        ms: ms(),
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
