import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownProviderSchema } from '../../../core/providers/pending-changes.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import { readUploadedPhoto, sizeLabel } from '../../storage/image-upload.ts';
import type { UploadsService } from '../../storage/uploads.service.ts';
import type { ProvidersService } from './providers.service.ts';

/**
 * POST /api/service-providers/{id}/photo: one JPEG, PNG or WebP image, checked by its bytes, stored
 * re-encoded without metadata; it counts against the owner's quota and replaces the old photo. The
 * owner's new photo of a verified business waits for an admin, like a new name.
 */
export function providerPhotoRoutes(
  app: FastifyInstance,
  providers: ProvidersService,
  uploads: UploadsService,
  maxBytes: number,
) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/service-providers/:id/photo', {
    config: { access: access.roles('mechanic', 'admin') },
    schema: {
      tags: ['providers'],
      summary: `Upload the business photo (multipart field "photo": JPEG, PNG or WebP, at most ${sizeLabel(maxBytes)}; stored as WebP without metadata, replacing the old one; on a verified business the owner's photo awaits review)`,
      params: idParams,
      consumes: ['multipart/form-data'],
      response: { 200: ownProviderSchema, ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => {
      const target = await providers.photoTarget(currentUser(request), request.params.id);
      const photo = await readUploadedPhoto(request, 'photo', maxBytes);
      return uploads.store(
        photo,
        { ownerId: target.provider.userId, slot: target.slot },
        (url, within) => providers.setPhoto(currentUser(request), target, url, within),
      );
    },
  });
}
