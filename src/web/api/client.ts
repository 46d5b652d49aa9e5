import type {
  Client,
  ClientPathsWithMethod,
  FetchResponse,
  MaybeOptionalInit,
} from 'openapi-fetch';
import type { paths } from './schema.d.ts';
import { parseBody, send } from './transport.ts';

/** Where every route of the API lives; the paths below are written without it. */
const API_BASE = '/api';
/** The API reference viewer, for integrators. */
export const API_DOCS_URL = `${API_BASE}/docs`;

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

/**
 * A call's options, typed by openapi-fetch from the route: `params` (path, query), `body`,
 * `headers`, and fetch's own options such as `keepalive`.
 */
export type InitOf<M extends Method, Path extends PathOf<M>> = WithoutOwnOptions<
  MaybeOptionalInit<ApiPaths[Path], M>
>;

/** Extra headers of a call: names and values, nothing left undefined. */
type HeaderValues = Record<string, string>;

/** openapi-fetch's options for its own runtime, which this client does not use. */
type WithoutOwnOptions<Init> = Init extends object
  ? Omit<
      Init,
      | 'headers'
      | 'requestInitExt'
      | 'baseUrl'
      | 'parseAs'
      | 'querySerializer'
      | 'bodySerializer'
      | 'pathSerializer'
      | 'fetch'
      | 'middleware'
    > & { headers?: HeaderValues }
  : Init;

/** The options argument: required when the route has required parameters or a body. */
export type InitParam<Init> = object extends Init ? [init?: Init] : [init: Init];

/** A route's answer: the JSON of its success status (undefined for 204). */
export type Answer<M extends Method, Path extends PathOf<M>> =
  ApiPaths[Path] extends Record<M, infer Operation extends Record<string | number, unknown>>
    ? Operation extends { responses: { 204: unknown } }
      ? undefined
      : Exclude<FetchResponse<Operation, object, 'application/json'>, { data?: never }>['data']
    : never;

/** How a client's calls reach the server: a URL under API_BASE and fetch's options. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

interface Params {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  header?: Record<string, string | undefined>;
}

/** The address of a path with its parameters: `/providers/{id}` → `/api/providers/p1?…`. */
function address(path: string, params: Params = {}): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params.path?.[name];
    if (value === undefined || value === null) throw new TypeError(`${path} needs its ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params.query ?? {}))
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== undefined && item !== null) search.append(name, String(item));
  const query = search.toString();
  return `${API_BASE}${filled}${query ? `?${query}` : ''}`;
}

type Sent<M extends Method> = <Path extends PathOf<M>>(
  path: Path,
  ...init: InitParam<InitOf<M, Path>>
) => Promise<{ data: Answer<M, Path>; response: Response }>;

export interface ApiClient {
  GET: Sent<'get'>;
  POST: Sent<'post'>;
  PUT: Sent<'put'>;
  PATCH: Sent<'patch'>;
  DELETE: Sent<'delete'>;
}

/**
 * A client of the contract: each call's path, parameters, body and answer are typed from it, and
 * `transport` sends what the call builds (a relative URL, a JSON string or the FormData as it is).
 * openapi-fetch's types type the calls; its runtime is not used (2.6 KB gzipped on every page,
 * decision 043): this builds the same requests in a few lines.
 */
export function createApiClient(transport: Transport): ApiClient {
  const sent =
    <M extends Method>(method: Uppercase<M>): Sent<M> =>
    async (path, ...[init]) => {
      const { params, body, headers, ...options } = (init ?? {}) as RequestInit & {
        params?: Params;
        headers?: HeaderValues;
      };
      const declared = Object.entries(params?.header ?? {}).filter(
        (header): header is [string, string] => header[1] !== undefined,
      );
      const json = body !== undefined && !(body instanceof FormData);
      const response = await transport(address(path, params), {
        ...options,
        method,
        // A FormData body sets its own multipart content type and boundary.
        headers: {
          ...(json ? { 'content-type': 'application/json' } : {}),
          ...Object.fromEntries(declared),
          ...headers,
        },
        body: json ? JSON.stringify(body) : body,
      });
      const data = response.status === 204 ? undefined : parseBody(await response.text());
      return { data: data as never, response };
    };
  return {
    GET: sent<'get'>('GET'),
    POST: sent<'post'>('POST'),
    PUT: sent<'put'>('PUT'),
    PATCH: sent<'patch'>('PATCH'),
    DELETE: sent<'delete'>('DELETE'),
  };
}

/**
 * The app's client: its transport throws an ApiError for any refusal, so an answer is a success.
 * `api` below is how features call it; this one is for the few calls that read an answer's headers.
 */
export const apiClient = createApiClient(send);

type Call<M extends Method> = <Path extends PathOf<M>>(
  path: Path,
  ...init: InitParam<InitOf<M, Path>>
) => Promise<Answer<M, Path>>;

const answerOf =
  <M extends Method>(method: Uppercase<M>): Call<M> =>
  (path, ...init) =>
    (apiClient[method] as Sent<M>)(path, ...init).then((result) => result.data);

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
  /**
   * POSTs a multipart form (the avatar and business photo uploads): @fastify/multipart reads it
   * outside the route's zod schema, so the contract types its parameters and answer, not the form.
   */
  upload: <Path extends '/users/{id}/avatar' | '/service-providers/{id}/photo'>(
    path: Path,
    form: FormData,
    ...[init]: InitParam<InitOf<'post', Path>>
  ): Promise<Answer<'post', Path>> =>
    (apiClient.POST as (path: string, init: object) => Promise<{ data: never }>)(path, {
      ...init,
      body: form,
    }).then((result) => result.data),
};

/**
 * The address of a GET route, for what the browser fetches itself: a download link, an
 * EventSource. `apiUrl('/admin/export/{kind}.csv', …)` is typed like a call.
 */
export function apiUrl<Path extends PathOf<'get'>>(
  path: Path,
  ...[init]: InitParam<InitOf<'get', Path>>
): string {
  return address(path, (init as { params?: Params } | undefined)?.params);
}
