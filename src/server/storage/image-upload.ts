import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import type { FileStorage } from './file-storage.ts';
import { imageTypeOf } from './image-type.ts';

export const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/**
 * Reads one image from a multipart request's `field`, checks its size and its bytes (JPEG, PNG or
 * WebP), stores it and answers its public path under /uploads.
 */
export async function saveUploadedImage(
  request: FastifyRequest,
  storage: FileStorage,
  field: string,
  maxBytes: number,
): Promise<string> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', `Send the ${field} as multipart/form-data`);
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file || file.fieldname !== field)
    throw new AppError('bad_request', `Choose a ${field} to upload`, {
      [field]: `Choose a ${field}`,
    });
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(
        'payload_too_large',
        `The ${field} must be at most ${sizeLabel(maxBytes)}`,
      );
    throw error;
  }
  const type = imageTypeOf(data);
  if (!type) {
    const message = `The ${field} must be a JPEG, PNG or WebP image`;
    throw new AppError('bad_request', message, { [field]: message });
  }
  return `/uploads/${await storage.save(data, type.extension)}`;
}
