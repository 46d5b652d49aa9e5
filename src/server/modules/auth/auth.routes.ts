import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  forgotPasswordSchema,
  loginSchema,
  messageResponseSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../../core/auth/schemas.ts';
import { loginResponseSchema } from '../../../core/auth/second-factor.ts';
import { publicUserSchema } from '../../../core/users/schemas.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import { RESET_REQUESTED_MESSAGE, type AuthService } from './auth.service.ts';
import type { RouteLimits } from './route-limits.ts';
import { withRetryAfter } from './retry-after.ts';
import {
  clearSessionCookie,
  clientInfo,
  deliverSession,
  setDeviceCookie,
  wantsBearer,
} from './session-cookie.ts';

export function authRoutes(app: FastifyInstance, auth: AuthService, limits: RouteLimits) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/auth/register', {
    config: { access: access.public, rateLimit: limits.register },
    schema: {
      tags: ['auth'],
      summary: 'Create a driver or mechanic account and sign in',
      body: registerSchema,
      response: { 201: authResponseSchema, ...errors(400, 409, 429) },
    },
    handler: async (request, reply) => {
      const session = await auth.register(request.body, clientInfo(request));
      return reply
        .status(201)
        .send({ user: session.user, ...deliverSession(request, reply, session) });
    },
  });

  r.post('/api/auth/login', {
    config: { access: access.public },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with email and password',
      description:
        'With two-step sign-in on, answers `{mfaRequired: true}` and a short sign-in cookie that ' +
        'only POST /api/auth/mfa/verify accepts (or the password and `code` together sign in at once).',
      body: loginSchema,
      response: { 200: loginResponseSchema, ...errors(400, 401, 403, 429) },
    },
    handler: async (request, reply) => {
      // A bearer sign-in is a session of its own: the cookie session it may carry stays.
      const rotated = wantsBearer(request) ? null : request.sessionId;
      const result = await withRetryAfter(reply, () =>
        auth.login(request.body, clientInfo(request), rotated),
      );
      if ('mfaRequired' in result)
        return { mfaRequired: true as const, ...deliverSession(request, reply, result) };
      if (result.deviceToken) setDeviceCookie(request, reply, result.deviceToken);
      return { user: result.user, ...deliverSession(request, reply, result) };
    },
  });

  r.post('/api/auth/logout', {
    config: { access: access.public },
    schema: { tags: ['auth'], summary: 'End this session', response: { 204: z.null() } },
    handler: async (request, reply) => {
      if (request.sessionId) await auth.logout(request.sessionId);
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/auth/session', {
    config: { access: access.public, personal: true },
    schema: {
      tags: ['auth'],
      summary: 'The signed-in user, or null: lets a browser ask without a 401 when signed out',
      response: { 200: z.object({ user: publicUserSchema.nullable() }) },
    },
    handler: async (request) => ({ user: request.user }),
  });

  r.get('/api/auth/me', {
    config: { access: access.signedIn },
    schema: {
      tags: ['auth'],
      summary: 'The signed-in user',
      response: { 200: publicUserSchema, ...errors(401) },
    },
    handler: async (request) => currentUser(request),
  });

  r.post('/api/auth/forgot-password', {
    config: { access: access.public, rateLimit: limits.forgotPassword },
    schema: {
      tags: ['auth'],
      summary:
        'Email a single-use password reset link (same answer whether or not the account exists)',
      body: forgotPasswordSchema,
      response: { 200: messageResponseSchema, ...errors(400, 429) },
    },
    handler: async (request) => {
      auth.requestPasswordReset(request.body.email, clientInfo(request));
      return { message: RESET_REQUESTED_MESSAGE };
    },
  });

  r.post('/api/auth/reset-password', {
    config: { access: access.public, rateLimit: limits.resetPassword },
    schema: {
      tags: ['auth'],
      summary: 'Set a new password with a reset link; ends every session of the account',
      body: resetPasswordSchema,
      response: { 200: messageResponseSchema, ...errors(400, 429) },
    },
    handler: async (request) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return { message: 'Your password has been changed. Sign in with the new one.' };
    },
  });
}
