import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ADMIN_NEEDS_SECOND_FACTOR,
  STEP_UP_MINUTES,
  STEP_UP_REQUIRED,
} from '../../core/auth/step-up.ts';
import { AppError } from '../../core/errors.ts';
import type { ApiScope } from '../../core/integrations/api-tokens.ts';
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
    apiRoutes: { method: string; url: string; access: Access }[];
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
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, access: rule });
    }
  });

  // A request with neither a cookie nor an Authorization header has no session to look up.
  app.addHook('onRequest', (request, _reply, done) => {
    const { cookie, authorization } = request.headers;
    if ((!cookie && !authorization) || !isApiPath(request.url)) return done();
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
      if (rule) enforce(rule, request);
    } catch (error) {
      return done(error as Error);
    }
    done();
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
