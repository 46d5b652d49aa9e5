import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ADMIN_NEEDS_SECOND_FACTOR,
  STEP_UP_MINUTES,
  STEP_UP_REQUIRED,
} from '../../core/auth/step-up.ts';
import { AppError } from '../../core/errors.ts';
import {
  API_TOKEN_PREFIXES,
  writeScopes,
  type ApiScope,
} from '../../core/integrations/api-token-rules.ts';
import type { PublicUser, Role } from '../../core/users/schemas.ts';

/** Who may call a route. Every /api route declares one in `config.access`. */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'role'; roles: readonly Role[] }
  | { kind: 'self-or-admin'; param: string };

export const access = {
  public: { kind: 'public' },
  signedIn: { kind: 'signed-in' },
  admin: { kind: 'role', roles: ['admin'] },
  roles: (...roles: Role[]): Access => ({ kind: 'role', roles }),
  /** The path parameter `param` must be the caller's own user id, unless the caller is an admin. */
  selfOrAdmin: (param = 'id'): Access => ({ kind: 'self-or-admin', param }),
} as const satisfies Record<string, Access | ((...args: never[]) => Access)>;

/**
 * A route whose action needs a fresh proof of identity (docs/decisions/037-second-factor.md):
 * `true`, or a test of the validated request (e.g. only when the body changes a role).
 */
export type StepUp = true | ((request: FastifyRequest) => boolean);

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    stepUp?: StepUp;
    /**
     * The one scope an API token needs to call this route (docs/api.md); a route without one
     * refuses every token.
     */
    scope?: ApiScope;
  }
  interface FastifyRequest {
    user: PublicUser | null;
    sessionId: string | null;
    /** What the session proves beyond who it is. */
    proof: SessionProof | null;
    /** The API token the request came with (it acts for its business), else null. */
    apiToken: ApiTokenCaller | null;
  }
  interface FastifyInstance {
    /** Every API route with its access rule, for the authorization matrix test and the docs. */
    apiRoutes: { method: string; url: string; access: Access; scope?: ApiScope }[];
  }
}

/** An API token acting for its business: `request.user` is then the business's owner. */
export interface ApiTokenCaller {
  id: string;
  providerId: string;
  name: string;
  scopes: readonly ApiScope[];
}

export interface SessionProof {
  /** When the owner last gave the password or a code in this session. */
  verifiedAt: Date | null;
  /** An admin who must turn on two-step sign-in before the console opens. */
  mustEnrol: boolean;
}

export interface AccessControlOptions {
  /** Finds the signed-in user from the request's session cookie. */
  authenticate(
    request: FastifyRequest,
  ): Promise<({ user: PublicUser; sessionId: string } & SessionProof) | null>;
  /** The limits of API token requests (docs/api.md, "API tokens"). */
  apiTokenLimits: {
    /** Requests one token may make per minute. */
    perMinute: number;
    /** Unknown, revoked or expired tokens one client may send per minute before a 429. */
    failuresPerMinute: number;
    /** The client a failure counts against (an IPv6 /64 is one client). */
    clientKey: (request: FastifyRequest) => string;
  };
}

/** A use of a token's write scope, for the audit log. */
export interface ApiTokenUse {
  method: string;
  route: string;
  statusCode: number;
}

/** The api-tokens module's side of token authentication. */
export interface ApiTokenAuthority {
  /**
   * The token's business owner and the token, or null when it is unknown, revoked or expired;
   * `refusal` is the 403 answer while the business's plan lacks API access.
   */
  authenticate(
    token: string,
    address: string,
  ): Promise<{ user: PublicUser; token: ApiTokenCaller; refusal: string | null } | null>;
  /** Records one use of a write scope (docs/decisions/056-api-tokens.md). */
  recordUse(owner: PublicUser, token: ApiTokenCaller, use: ApiTokenUse): Promise<void>;
}

export const INVALID_API_TOKEN = 'Invalid, expired or revoked API token';
export const TOKEN_NOT_ALLOWED = 'API tokens cannot call this route';
export const lacksScope = (scope: ApiScope) => `This token lacks the scope ${scope}`;

/**
 * An `Authorization: Bearer tf_live_…` (or `tf_test_…`) API token; other bearer values are
 * session tokens (docs/decisions/018-internal-pages.md).
 */
export function bearerApiToken(header: string | undefined): string | null {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (!token) return null;
  return token.startsWith(API_TOKEN_PREFIXES.live) || token.startsWith(API_TOKEN_PREFIXES.test)
    ? token
    : null;
}

/**
 * What an admin without a second factor (outside the demo) may still use: signing in and setting
 * one up, their own notices, their own account. Everything else an admin can do, in the console
 * or acting on another account through any route, waits for the second factor.
 */
const openBeforeEnrolment = (url: string | undefined) =>
  url !== undefined &&
  (url.startsWith('/api/auth/') ||
    url.startsWith('/api/notifications') ||
    url === '/api/events' ||
    url === '/api/meta' ||
    url === '/api/users/me' ||
    url.startsWith('/api/users/me/'));

const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');
const isDocsRoute = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');
/** A request URL (with its query) under /api. */
const isApiPath = (url: string) =>
  url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');

export function registerAccessControl(app: FastifyInstance, options: AccessControlOptions) {
  let apiTokens: ApiTokenAuthority | null = null;
  /** Token requests whose scope check passed, with the route's scope (for the audit of writes). */
  const scoped = new WeakMap<FastifyRequest, ApiScope>();
  /** The 403 answer for a token whose business's plan lacks API access now. */
  const refusals = new WeakMap<FastifyRequest, string>();
  const { perMinute, failuresPerMinute, clientKey } = options.apiTokenLimits;
  const tokenLimit = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-token:${request.apiToken?.id ?? ''}`,
    // Not the per-address limit's list, which lets every token request through to this one.
    allowList: () => false,
  });
  const failureLimit = app.createRateLimit({
    max: failuresPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-token-failure:${clientKey(request)}`,
    allowList: () => false,
  });

  app.decorate('apiRoutes', []);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('proof', null);
  app.decorateRequest('apiToken', null);

  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url) || isDocsRoute(route.url)) return;
    const rule = route.config?.access;
    if (!rule)
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    const scope = route.config?.scope;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        app.apiRoutes.push({ method, url: route.url, access: rule, ...(scope ? { scope } : {}) });
    }
  });

  // An API token acts for its business's owner; a session cookie sent with it is ignored.
  app.addHook('onRequest', async (request, reply) => {
    const token = bearerApiToken(request.headers.authorization);
    if (!token || !isApiPath(request.url)) return;
    // Read without counting: only a failed look-up counts, and none is left once all are used.
    const failures = await failureLimit(request, { increment: false });
    if (!failures.isAllowed && failures.remaining === 0) {
      reply.header('retry-after', String(failures.ttlInSeconds));
      throw new AppError('too_many_requests', tooManyTokenRequests(failures.ttlInSeconds));
    }
    const found = apiTokens ? await apiTokens.authenticate(token, request.ip) : null;
    if (!found) {
      await failureLimit(request);
      throw new AppError('unauthorized', INVALID_API_TOKEN);
    }
    request.user = found.user;
    request.apiToken = found.token;
    if (found.refusal) refusals.set(request, found.refusal);
    const limit = await tokenLimit(request);
    if (limit.isAllowed) return;
    reply.header('ratelimit-limit', String(limit.max));
    reply.header('ratelimit-remaining', String(limit.remaining));
    reply.header('ratelimit-reset', String(limit.ttlInSeconds));
    if (limit.isExceeded) {
      reply.header('retry-after', String(limit.ttlInSeconds));
      throw new AppError('too_many_requests', tooManyTokenRequests(limit.ttlInSeconds));
    }
  });

  // A request with neither a cookie nor an Authorization header has no session to look up.
  app.addHook('onRequest', (request, _reply, done) => {
    const { cookie, authorization } = request.headers;
    if ((!cookie && !authorization) || !isApiPath(request.url) || request.apiToken) return done();
    options.authenticate(request).then((found) => {
      if (found) {
        request.user = found.user;
        request.sessionId = found.sessionId;
        request.proof = { verifiedAt: found.verifiedAt, mustEnrol: found.mustEnrol };
      }
      done();
    }, done);
  });

  // Before validation: a caller who may not use a route learns nothing from its validation errors.
  app.addHook('preValidation', (request, _reply, done) => {
    const rule = request.routeOptions.config.access;
    try {
      if (rule && request.apiToken) {
        const scope = enforceScope(request.routeOptions.config.scope, request.apiToken);
        const refusal = refusals.get(request);
        if (refusal) throw new AppError('forbidden', refusal);
        scoped.set(request, scope);
      }
      if (rule) enforce(rule, request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });

  // Each use of a write scope leaves an audit row, whatever the answer, before it is sent.
  app.addHook('onSend', async (request, reply, payload) => {
    const scope = scoped.get(request);
    if (!scope || !writeScopes.includes(scope) || !request.apiToken || !request.user || !apiTokens)
      return payload;
    try {
      await apiTokens.recordUse(request.user, request.apiToken, {
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        statusCode: reply.statusCode,
      });
    } catch (err) {
      request.log.error({ err }, 'could not record an API token use in the audit log');
    }
    return payload;
  });

  // After validation, so a rule may read the body; the access rule has already passed.
  app.addHook('preHandler', (request, _reply, done) => {
    const stepUp = request.routeOptions.config.stepUp;
    if (!stepUp || (stepUp !== true && !stepUp(request))) return done();
    const verifiedAt = request.proof?.verifiedAt?.getTime() ?? 0;
    if (Date.now() - verifiedAt > STEP_UP_MINUTES * 60_000)
      return done(new AppError('forbidden', STEP_UP_REQUIRED));
    done();
  });

  return {
    /** Turns on API token authentication with the api-tokens module (app.ts). */
    useApiTokens(authority: ApiTokenAuthority) {
      apiTokens = authority;
    },
  };
}

const tooManyTokenRequests = (seconds: number) =>
  `Too many requests with this API token. Please try again in ${Math.max(1, seconds)} seconds.`;

/** The route's scope, when the token holds it; else the 403 a token gets there. */
function enforceScope(scope: ApiScope | undefined, token: ApiTokenCaller): ApiScope {
  if (!scope) throw new AppError('forbidden', TOKEN_NOT_ALLOWED);
  if (!token.scopes.includes(scope)) throw new AppError('forbidden', lacksScope(scope));
  return scope;
}

function enforce(rule: Access, request: FastifyRequest) {
  if (rule.kind === 'public') return;
  const user = request.user;
  if (!user) throw new AppError('unauthorized', 'Please sign in to continue');
  const params = request.params as Record<string, string | undefined>;
  const ownAccount = rule.kind === 'self-or-admin' && params[rule.param] === user.id;
  if (request.proof?.mustEnrol && !ownAccount && !openBeforeEnrolment(request.routeOptions.url))
    throw new AppError('forbidden', ADMIN_NEEDS_SECOND_FACTOR);
  if (rule.kind === 'signed-in') return;
  if (rule.kind === 'role') {
    if (!rule.roles.includes(user.role))
      throw new AppError('forbidden', 'You are not allowed to do this');
    return;
  }
  if (ownAccount) return;
  if (user.role !== 'admin')
    throw new AppError('forbidden', 'You can only access your own account');
}

/** The caller on a route whose rule already demands a signed-in user. */
export function currentUser(request: FastifyRequest): PublicUser {
  if (!request.user) throw new AppError('unauthorized', 'Please sign in to continue');
  return request.user;
}
