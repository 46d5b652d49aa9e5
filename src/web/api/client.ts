import createClient, {
  type ClientPathsWithMethod,
  type FetchResponse,
  type MaybeOptionalInit,
} from 'openapi-fetch';
import type { paths } from './schema.d.ts';
import { send } from './transport.ts';

/** Where every route of the API lives; the paths below are written without it. */
export const API_BASE = '/api';

/**
 * The API's routes as the web app names them: each path without the `/api` prefix, with its
 * parameters, body and answer as the server declares them (schema.d.ts, from its route schemas).
 */
export type ApiPaths = {
  [
    Path in keyof paths as Path extends `${typeof API_BASE}${infer Rest}` ? Rest : never
  ]: paths[Path];
};

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * What openapi-fetch builds for a call, handed to the app's transport as it is: the URL stays
 * relative (a page, the service worker and the unit tests all resolve it) and the body stays the
 * string or FormData it was made into.
 */
class OutgoingRequest {
  constructor(
    readonly url: string,
    readonly init: RequestInit,
  ) {}
  get method() {
    return this.init.method ?? 'GET';
  }
}

/**
 * The typed client: openapi-fetch builds each request from its path and parameters; the app's
 * transport sends it and throws an ApiError for any refusal, so an answer here is a success.
 * `api` below is how features call it; this one is for the few that read an answer's headers.
 */
export const apiClient = createClient<ApiPaths>({
  baseUrl: API_BASE,
  Request: OutgoingRequest as unknown as typeof Request,
  fetch: (request) => {
    const outgoing = request as unknown as OutgoingRequest;
    return send(outgoing.url, outgoing.init);
  },
});

type InitParam<Init> = object extends Init ? [Init?] : [Init];

/** A route's answer: the JSON of its success status (undefined for 204). */
export type Answer<M extends Method, Path extends keyof ApiPaths, Init = object> =
  ApiPaths[Path] extends Record<M, Record<string | number, unknown>>
    ? Exclude<FetchResponse<ApiPaths[Path][M], Init, 'application/json'>, { data?: never }>['data']
    : never;

type Call<M extends Method> = <
  Path extends ClientPathsWithMethod<typeof apiClient, M>,
  Init extends MaybeOptionalInit<ApiPaths[Path], M>,
>(
  path: Path,
  ...init: InitParam<Init>
) => Promise<Answer<M, Path, Init>>;

const answerOf =
  <M extends Method>(method: Uppercase<M>): Call<M> =>
  (path, ...init) =>
    (apiClient[method] as (path: string, init?: object) => Promise<{ data?: unknown }>)(
      path,
      init[0],
    ).then((result) => result.data as never);

/**
 * The one way the web app calls the API: `api.get('/providers/{id}', { params: { path: { id } } })`
 * answers the route's declared answer, typed; a refusal throws an ApiError (transport.ts).
 */
export const api = {
  get: answerOf<'get'>('GET'),
  post: answerOf<'post'>('POST'),
  put: answerOf<'put'>('PUT'),
  patch: answerOf<'patch'>('PATCH'),
  delete: answerOf<'delete'>('DELETE'),
};
