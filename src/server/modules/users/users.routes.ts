import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicUserSchema, updateUserSchema } from '../../../core/users/schemas.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import { readUploadedPhoto, sizeLabel } from '../../storage/image-upload.ts';
import type { UploadsService } from '../../storage/uploads.service.ts';
import type { UsersService } from './users.service.ts';

export function usersRoutes(
  app: FastifyInstance,
  users: UsersService,
  uploads: UploadsService,
  maxBytes: number,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/users', {
    config: { access: access.signedIn },
    schema: {
      tags: ['users'],
      summary: 'The signed-in user',
      response: { 200: publicUserSchema, ...errors(401) },
    },
    handler: async (request) => users.get(currentUser(request).id),
  });

  r.get('/api/users/:id', {
    config: { access: access.selfOrAdmin('id') },
    schema: {
      tags: ['users'],
      summary: 'A user (yourself, or anyone for an admin)',
      params: idParams,
      response: { 200: publicUserSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => users.get(request.params.id),
  });

  r.patch('/api/users/:id', {
    config: {
      access: access.selfOrAdmin('id'),
      // A role change, or another account's email (its sign-in links go there), needs a fresh
      // proof of identity.
      stepUp: (request) => {
        const body = request.body as { role?: unknown; email?: unknown } | undefined;
        const another = (request.params as { id: string }).id !== request.user?.id;
        return body?.role !== undefined || (another && body?.email !== undefined);
      },
    },
    schema: {
      tags: ['users'],
      summary: 'Update profile fields or vehicle data (yourself, or anyone for an admin)',
      params: idParams,
      body: updateUserSchema,
      response: { 200: publicUserSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => users.update(currentUser(request), request.params.id, request.body),
  });

  r.post('/api/users/:id/avatar', {
    config: { access: access.selfOrAdmin('id') },
    schema: {
      tags: ['users'],
      summary: `Upload the avatar (multipart field "avatar": JPEG, PNG or WebP, at most ${sizeLabel(maxBytes)}; stored as WebP without metadata, replacing the old one)`,
      params: idParams,
      consumes: ['multipart/form-data'],
      response: { 200: publicUserSchema, ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => {
      const { id } = await users.get(request.params.id);
      const photo = await readUploadedPhoto(request, 'avatar', maxBytes);
      return uploads.store(photo, { ownerId: id, slot: `avatar:${id}` }, (url, within) =>
        users.setAvatar(currentUser(request), id, url, within),
      );
    },
  });
}
