import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReminderInput,
  reminderSchema,
  reminderSettingsSchema,
} from '../../../core/billing/schemas.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import type { RemindersService } from './reminders.service.ts';

const userParams = z.object({ userId: z.uuid({ message: 'Expected a valid user id' }) });

/**
 * Payment reminders and each user's reminder settings (docs/billing.md); `sendLimit` holds each
 * user to the reminder send limits (modules/auth/user-limits.ts).
 */
export function remindersRoutes(
  app: FastifyInstance,
  reminders: RemindersService,
  sendLimit: preHandlerAsyncHookHandler,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];

  r.get('/api/payment-reminders/user/:userId', {
    config: { access: access.selfOrAdmin('userId') },
    schema: {
      tags,
      summary: "The user's payment reminders, planned and sent, by reminder date",
      params: userParams,
      response: { 200: z.array(reminderSchema), ...errors(400, 401, 403) },
    },
    handler: async (request) => reminders.list(request.params.userId),
  });

  r.post('/api/payment-reminders', {
    config: { access: access.signedIn },
    schema: {
      tags,
      summary:
        'Plan a reminder for one of your subscriptions (amount, plan and name come from it; the same due date and days before answer the existing one)',
      body: createReminderInput,
      response: { 201: reminderSchema, 200: reminderSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { created, reminder } = await reminders.create(currentUser(request), request.body);
      return reply.status(created ? 201 : 200).send(reminder);
    },
  });

  r.post('/api/payment-reminders/:id/send', {
    config: { access: access.signedIn },
    preHandler: sendLimit,
    schema: {
      tags,
      summary: 'Send a reminder now on the channels its owner has on (in-app, email, text)',
      params: idParams,
      response: { 200: reminderSchema, ...errors(400, 401, 404, 429) },
    },
    handler: async (request) => reminders.send(currentUser(request), request.params.id),
  });

  r.get('/api/reminder-settings/:userId', {
    config: { access: access.selfOrAdmin('userId') },
    schema: {
      tags,
      summary: 'Reminder settings: email, sms, push on or off, and the days before a renewal',
      params: userParams,
      response: { 200: reminderSettingsSchema, ...errors(400, 401, 403) },
    },
    handler: async (request) => reminders.settings(request.params.userId),
  });

  r.put('/api/reminder-settings/:userId', {
    config: { access: access.selfOrAdmin('userId') },
    schema: {
      tags,
      summary: 'Save reminder settings (planned reminders follow at the next run)',
      params: userParams,
      body: reminderSettingsSchema.strict(),
      response: { 200: reminderSettingsSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) =>
      reminders.saveSettings(currentUser(request), request.params.userId, request.body),
  });
}
