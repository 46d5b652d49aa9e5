import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../../core/errors.ts';
import { providerSchema } from '../../../core/providers/schemas.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { imageTypeOf } from '../../storage/image-type.ts';
import type { ProvidersService } from './providers.service.ts';

/** POST /api/service-providers/{id}/photo: one JPEG, PNG or WebP image, checked by its bytes. */
export function providerPhotoRoutes(
  app: FastifyInstance,
  providers: ProvidersService,
  storage: FileStorage,
  maxBytes: number,
) {
  const limit =
    maxBytes >= 1024 * 1024
      ? `${Math.round(maxBytes / 1024 / 1024)} MB`
      : `${Math.round(maxBytes / 1024)} KB`;
  app.withTypeProvider<ZodTypeProvider>().post('/api/service-providers/:id/photo', {
    config: { access: access.roles('mechanic', 'admin') },
    schema: {
      tags: ['providers'],
      summary: `Upload the business photo (multipart field "photo": JPEG, PNG or WebP, at most ${limit})`,
      params: idParams,
      consumes: ['multipart/form-data'],
      response: { 200: providerSchema, ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => {
      await providers.photoTarget(currentUser(request), request.params.id);
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'Send the photo as multipart/form-data');
      const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
      if (!file || file.fieldname !== 'photo')
        throw new AppError('bad_request', 'Choose a photo to upload', { photo: 'Choose a photo' });
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('payload_too_large', `The photo must be at most ${limit}`);
        throw error;
      }
      const type = imageTypeOf(data);
      if (!type) {
        const message = 'The photo must be a JPEG, PNG or WebP image';
        throw new AppError('bad_request', message, { photo: message });
      }
      const name = await storage.save(data, type.extension);
      return providers.setPhoto(request.params.id, `/uploads/${name}`);
    },
  });
}
