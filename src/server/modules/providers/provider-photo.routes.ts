import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { providerSchema } from '../../../core/providers/schemas.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { saveUploadedImage, sizeLabel } from '../../storage/image-upload.ts';
import type { ProvidersService } from './providers.service.ts';

/** POST /api/service-providers/{id}/photo: one JPEG, PNG or WebP image, checked by its bytes. */
export function providerPhotoRoutes(
  app: FastifyInstance,
  providers: ProvidersService,
  storage: FileStorage,
  maxBytes: number,
) {
  app.withTypeProvider<ZodTypeProvider>().post('/api/service-providers/:id/photo', {
    config: { access: access.roles('mechanic', 'admin') },
    schema: {
      tags: ['providers'],
      summary: `Upload the business photo (multipart field "photo": JPEG, PNG or WebP, at most ${sizeLabel(maxBytes)})`,
      params: idParams,
      consumes: ['multipart/form-data'],
      response: { 200: providerSchema, ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => {
      await providers.photoTarget(currentUser(request), request.params.id);
      const url = await saveUploadedImage(request, storage, 'photo', maxBytes);
      return providers.setPhoto(request.params.id, url);
    },
  });
}
