import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailSchema,
} from '../../../core/auth/account-changes.ts';
import { messageResponseSchema } from '../../../core/auth/schemas.ts';
import { AppError } from '../../../core/errors.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../mail/index.ts';
import {
  createAccountChangesService,
  EMAIL_CHANGE_HOURS,
  type AccountChangesService,
} from './account-changes.service.ts';
import { securityLog } from './security-log.ts';
import { clearSessionCookie } from './session-cookie.ts';

/** Password guesses through a stolen session are limited like sign-ins. */
const passwordCheckLimit = { max: 10, timeWindow: '15 minutes' };

export function accountChangesRoutes(app: FastifyInstance, changes: AccountChangesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/auth/change-password', {
    config: { access: access.signedIn, rateLimit: passwordCheckLimit },
    schema: {
      tags: ['auth'],
      summary:
        'Change the password (needs the current one); every other session of the account ends',
      body: changePasswordSchema,
      response: { 200: messageResponseSchema, ...errors(400, 401, 429) },
    },
    handler: async (request) => {
      const user = currentUser(request);
      if (!request.sessionId) throw new AppError('unauthorized', 'Please sign in to continue');
      await changes.changePassword(user, request.sessionId, request.body);
      securityLog(request.log, 'auth.password_changed', { userId: user.id });
      return { message: 'Your password was changed. Other devices were signed out.' };
    },
  });

  r.post('/api/auth/change-email', {
    config: { access: access.signedIn, rateLimit: passwordCheckLimit },
    schema: {
      tags: ['auth'],
      summary:
        'Ask to change the email (needs the current password); it changes once the link sent to the new address is opened',
      body: changeEmailSchema,
      response: { 200: messageResponseSchema, ...errors(400, 401, 429) },
    },
    handler: async (request) => {
      const user = currentUser(request);
      await changes.requestEmailChange(user, request.body);
      request.log.info({ event: 'email.change-requested', userId: user.id }, 'email change asked');
      return {
        message: `We sent a link to ${request.body.newEmail}. Your email changes once you open it (within ${EMAIL_CHANGE_HOURS} hours).`,
      };
    },
  });

  r.post('/api/auth/confirm-email', {
    config: { access: access.public, rateLimit: { max: 20, timeWindow: '15 minutes' } },
    schema: {
      tags: ['auth'],
      summary: 'Confirm a new email with the link sent to it (single use, 24 hours)',
      body: confirmEmailSchema,
      response: { 200: messageResponseSchema, ...errors(400, 409, 429) },
    },
    handler: async (request) => {
      const changed = await changes.confirmEmailChange(request.body.token);
      securityLog(request.log, 'user.email_changed', { userId: changed.userId });
      return { message: `Your email is now ${changed.email}.` };
    },
  });

  r.post('/api/auth/sign-out-everywhere', {
    config: { access: access.signedIn },
    schema: {
      tags: ['auth'],
      summary: 'End every session of the account, this one included',
      response: { 204: z.null(), ...errors(401) },
    },
    handler: async (request, reply) => {
      const user = currentUser(request);
      await changes.signOutEverywhere(user);
      request.log.info({ event: 'sessions.ended-everywhere', userId: user.id }, 'signed out');
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  });
}

/** The service and its routes, as app.ts registers them. */
export function registerAccountChanges(
  app: FastifyInstance,
  deps: { db: Database; config: Config; mailer: Mailer },
) {
  const changes = createAccountChangesService(deps.db, deps.config, deps.mailer);
  accountChangesRoutes(app, changes);
  return changes;
}
