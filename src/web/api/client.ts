import createClient, {
  createFinalURL,
  createQuerySerializer,
  defaultPathSerializer,
  type ClientPathsWithMethod,
  type FetchResponse,
  type MaybeOptionalInit,
  type Client,
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

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that take `method`. */
export type PathOf<M extends Method> = ClientPathsWithMethod<Client<ApiPaths>, M>;

/** A call's options: its path, query and header parameters, its body, and fetch's own options. */
export type InitOf<M extends Method, Path extends PathOf<M>> = MaybeOptionalInit<ApiPaths[Path], M>;

/** The options argument: required when the route has required parameters or a body. */
export type InitParam<Init> = object extends Init ? [init?: Init] : [init: Init];

/** A route's answer: the JSON of its success status (undefined for 204). */
export type Answer<M extends Method, Path extends PathOf<M>> =
  ApiPaths[Path] extends Record<M, infer Operation extends Record<string | number, unknown>>
    ? Exclude<FetchResponse<Operation, object, 'application/json'>, { data?: never }>['data']
    : never;

/** How a client's calls reach the server: a URL under API_BASE and fetch's options. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

/**
 * What openapi-fetch builds for a call, handed to the transport as it is: the URL stays relative
 * (a page, the service worker and the unit tests all resolve it) and the body stays the string or
 * FormData it was made into.
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
 * An openapi-fetch client of the contract: it builds each request from a typed path, parameters
 * and body; `transport` sends it. The app's `api` below and the internal pages' client
 * (qa/shared/qa-client.ts) are the two.
 */
export function createApiClient(transport: Transport): Client<ApiPaths> {
  return createClient<ApiPaths>({
    baseUrl: API_BASE,
    Request: OutgoingRequest as unknown as typeof Request,
    fetch: (request) => {
      const outgoing = request as unknown as OutgoingRequest;
      return transport(outgoing.url, outgoing.init);
    },
  });
}

/** The app's client: its transport throws an ApiError for any refusal, so an answer is a success. */
export const apiClient = createApiClient(send);

type Call<M extends Method> = <Path extends PathOf<M>>(
  path: Path,
  ...init: InitParam<InitOf<M, Path>>
) => Promise<Answer<M, Path>>;

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
 * `apiClient` itself is for the few calls that read an answer's headers.
 */
export const api = {
  get: answerOf<'get'>('GET'),
  post: answerOf<'post'>('POST'),
  put: answerOf<'put'>('PUT'),
  patch: answerOf<'patch'>('PATCH'),
  delete: answerOf<'delete'>('DELETE'),
  /**
   * POSTs a multipart form (the avatar and business photo uploads): @fastify/multipart reads it
   * outside the route's zod schema, so the contract types its parameters and answer, not the form.
   */
  upload: <Path extends PathOf<'post'>>(
    path: Path,
    form: FormData,
    ...init: InitParam<InitOf<'post', Path>>
  ): Promise<Answer<'post', Path>> =>
    (apiClient.POST as (path: string, init: object) => Promise<{ data?: unknown }>)(path, {
      ...init[0],
      body: form,
    }).then((result) => result.data as never),
};

/**
 * The address of a GET route, for what the browser fetches itself: a download link, an
 * EventSource. `apiUrl('/admin/export/{kind}.csv', …)` is typed like a call.
 */
export function apiUrl<Path extends PathOf<'get'>>(
  path: Path,
  ...init: InitParam<InitOf<'get', Path>>
): string {
  const { params = {} } = (init[0] ?? {}) as {
    params?: { query?: Record<string, unknown>; path?: Record<string, unknown> };
  };
  return createFinalURL(path, {
    baseUrl: API_BASE,
    params,
    querySerializer: createQuerySerializer(),
    pathSerializer: defaultPathSerializer,
  });
}
