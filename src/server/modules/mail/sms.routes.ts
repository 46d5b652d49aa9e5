import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toE164 } from '../../../core/phone.ts';
import { access } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import type { SmsInbound } from './sms-inbound.service.ts';

export const SMS_INBOUND_PATH = '/api/sms/inbound';
/** Twilio's webhook posts a text of at most 1600 characters and a few dozen short fields. */
const FORM_LIMIT_BYTES = 64 * 1024;

/**
 * Twilio's Messaging webhook. It posts a form, so only this scope parses forms; the signature
 * covers the posted fields as they came, so it is checked before validation and on the raw
 * fields, never on trimmed ones.
 */
export async function smsRoutes(app: FastifyInstance, inbound: SmsInbound) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(formbody, { bodyLimit: FORM_LIMIT_BYTES });
    scope.withTypeProvider<ZodTypeProvider>().post(SMS_INBOUND_PATH, {
      // Signed by Twilio, not by a user; the signature is the access check.
      config: { access: access.public, rateLimit: false },
      schema: {
        tags: ['notifications'],
        summary:
          'Texts sent to our number, posted by Twilio (X-Twilio-Signature): STOP, START and HELP keywords, answered in TwiML',
        headers: z.object({ 'x-twilio-signature': z.string().max(200).optional() }).loose(),
        body: z
          .object({
            From: z
              .string()
              .max(40)
              .refine((from) => toE164(from) !== null, 'Expected a phone number in E.164'),
            Body: z.string().max(1600),
            MessageSid: z.string().max(64).optional(),
          })
          .loose(),
        response: { 200: z.string(), ...errors(400, 403, 404, 415) },
      },
      preValidation: async (request) =>
        inbound.verify(request.headers['x-twilio-signature'] as string | undefined, request.body),
      handler: async (request, reply) =>
        reply
          .type('text/xml; charset=utf-8')
          .send(await inbound.receive(request.body.From, request.body.Body)),
    });
  });
}
