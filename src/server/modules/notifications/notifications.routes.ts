import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { notificationSchema } from '../../../core/notifications.ts';
import type { Database } from '../../db/client.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import * as repo from './notifications.repository.ts';

const NOT_FOUND = 'Notification not found';

/** Each user's own notifications only: another user's id answers 404. */
export function notificationsRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/notifications', {
    config: { access: access.signedIn },
    schema: {
      tags: ['notifications'],
      summary: 'Your newest 50 notifications',
      response: { 200: z.array(notificationSchema), ...errors(401) },
    },
    handler: async (request) => repo.listNotifications(db, currentUser(request).id),
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
    handler: async (request) => {
      const updated = await repo.markRead(db, currentUser(request).id, request.params.id);
      if (!updated) throw new AppError('not_found', NOT_FOUND);
      return updated;
    },
  });

  r.post('/api/notifications/read-all', {
    config: { access: access.signedIn },
    schema: {
      tags: ['notifications'],
      summary: 'Mark all your notifications read',
      response: { 200: z.object({ updated: z.number().int() }), ...errors(401) },
    },
    handler: async (request) => ({ updated: await repo.markAllRead(db, currentUser(request).id) }),
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
      if (!(await repo.deleteNotification(db, currentUser(request).id, request.params.id)))
        throw new AppError('not_found', NOT_FOUND);
      return reply.status(204).send(null);
    },
  });
}
