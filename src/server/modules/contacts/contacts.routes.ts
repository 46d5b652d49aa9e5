import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../core/auth/schemas.ts';
import {
  confirmContactEmailSchema,
  confirmPhoneSchema,
  contactEmailConfirmedSchema,
  EMAIL_LINK_HOURS,
  PHONE_CODE_MINUTES,
} from '../../../core/contacts/schemas.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import type { ContactsService } from './contacts.service.ts';

/** Code guesses are also capped per code (5); this bounds them per address across codes. */
const confirmLimit = { max: 20, timeWindow: '15 minutes' };

/**
 * Confirming the account's email (a link) and phone (a code). `limits` hold each user to the
 * sending limits (modules/auth/user-limits.ts).
 */
export function contactsRoutes(
  app: FastifyInstance,
  contacts: ContactsService,
  limits: { emailLink: preHandlerAsyncHookHandler; phoneCode: preHandlerAsyncHookHandler },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/users/me/contacts/email/confirmation', {
    config: { access: access.signedIn },
    preHandler: limits.emailLink,
    schema: {
      tags: ['users'],
      summary: `Send a new link that confirms your email (${EMAIL_LINK_HOURS} hours, once); an earlier link stops working`,
      response: { 200: messageResponseSchema, ...errors(401, 409, 429) },
    },
    handler: async (request) => {
      const { email } = await contacts.sendEmailLink(currentUser(request).id);
      return { message: `We sent a new link to ${email}.` };
    },
  });

  r.post('/api/contacts/email/confirm', {
    config: { access: access.public, rateLimit: confirmLimit },
    schema: {
      tags: ['users'],
      summary:
        'Confirm an email address with the link sent to it (anyone holding the link; single use)',
      body: confirmContactEmailSchema,
      response: { 200: contactEmailConfirmedSchema, ...errors(400, 429) },
    },
    handler: async (request) => {
      const { email, userId } = await contacts.confirmEmail(request.body.token);
      request.log.info({ event: 'contacts.email-confirmed', userId }, 'email confirmed');
      return { email, message: `${email} is confirmed. Notification emails can go there now.` };
    },
  });

  r.post('/api/users/me/contacts/phone/code', {
    config: { access: access.signedIn },
    preHandler: limits.phoneCode,
    schema: {
      tags: ['users'],
      summary: `Text a 6-digit code to your phone (${PHONE_CODE_MINUTES} minutes, 5 tries); an earlier code stops working`,
      response: { 200: messageResponseSchema, ...errors(400, 401, 409, 429, 503) },
    },
    handler: async (request) => {
      const { phone } = await contacts.sendPhoneCode(currentUser(request).id);
      return {
        message: `We texted a code to ${phone}. It expires in ${PHONE_CODE_MINUTES} minutes.`,
      };
    },
  });

  r.post('/api/users/me/contacts/phone/confirm', {
    config: { access: access.signedIn, rateLimit: confirmLimit },
    schema: {
      tags: ['users'],
      summary: 'Confirm your phone with the code texted to it',
      body: confirmPhoneSchema,
      response: { 200: messageResponseSchema, ...errors(400, 401, 429) },
    },
    handler: async (request) => {
      const user = currentUser(request);
      const { phone } = await contacts.confirmPhone(user.id, request.body.code);
      request.log.info({ event: 'contacts.phone-confirmed', userId: user.id }, 'phone confirmed');
      return { message: `${phone} is confirmed. Text messages can go there now.` };
    },
  });
}
