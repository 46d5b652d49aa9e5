import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationSchema } from '../../../core/notifications.ts';
import type { Database } from '../../db/client.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import { createNotificationsService } from './notifications.service.ts';

/** Each user's own notifications only: another user's id answers 404. */
export function notificationsRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const notifications = createNotificationsService(db);

  r.get('/api/notifications', {
    config: { access: access.signedIn },
    schema: {
      tags: ['notifications'],
      summary: 'Your newest 50 notifications',
      response: { 200: z.array(notificationSchema), ...errors(401) },
    },
    handler: async (request) => notifications.list(currentUser(request).id),
  });

  r.patch('/api/notifications/:id', {
    config: { access: access.signedIn },
    schema: {
      tags: ['notifications'],
      summary: 'Mark one notification read',
      params: idParams,
      body: z.object({ read: z.literal(true, { message: 'Only {"read": true} is accepted' }) }),
      response: { 200: notificationSchema, ...errors(400, 401, 404) },
    },
    handler: async (request) => notifications.markRead(currentUser(request).id, request.params.id),
  });

  r.post('/api/notifications/read-all', {
    config: { access: access.signedIn },
    schema: {
      tags: ['notifications'],
      summary: 'Mark all your notifications read',
      response: { 200: z.object({ updated: z.number().int() }), ...errors(401) },
    },
    handler: async (request) => ({
      updated: await notifications.markAllRead(currentUser(request).id),
    }),
  });

  r.delete('/api/notifications/:id', {
    config: { access: access.signedIn },
    schema: {
      tags: ['notifications'],
      summary: 'Dismiss a notification',
      params: idParams,
      response: { 204: z.null(), ...errors(400, 401, 404) },
    },
    handler: async (request, reply) => {
      await notifications.dismiss(currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
