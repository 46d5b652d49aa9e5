import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
} from '../../../core/notification-preferences-schemas.ts';
import type { Database } from '../../db/client.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import { createPreferencesService } from './preferences.service.ts';

/** Each user's own choices of how notifications reach them; see docs/notifications.md. */
export function preferencesRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preferences = createPreferencesService(db);

  r.get('/api/notification-preferences', {
    config: { access: access.signedIn },
    schema: {
      tags: ['notifications'],
      summary: 'How your notifications reach you: channels per category, quiet hours, time zone',
      response: { 200: notificationPreferencesSchema, ...errors(401) },
    },
    handler: async (request) => preferences.get(currentUser(request)),
  });

  r.put('/api/notification-preferences', {
    config: { access: access.signedIn },
    schema: {
      tags: ['notifications'],
      summary: 'Save how your notifications reach you (the whole set, as GET answers it)',
      body: notificationPreferencesInputSchema,
      response: { 200: notificationPreferencesSchema, ...errors(400, 401) },
    },
    handler: async (request) => preferences.save(currentUser(request), request.body),
  });
}
