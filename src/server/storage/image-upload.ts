import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { imageTypeOf } from './image-type.ts';
import { encodePhoto, PHOTO_MAX_INPUT_PIXELS, type EncodedPhoto } from './photo-encoding.ts';

export const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/**
 * The multipart plugin's limits for every request (with one file of at most `fileSize`): besides
 * the file, only a few small fields and part headers, so an upload stays within a known size.
 */
export const multipartLimits = (fileSize: number) => ({
  fileSize,
  files: 1,
  fields: 2,
  fieldSize: 1024,
  fieldNameSize: 100,
  headerPairs: 50,
  parts: 3,
});

/** The multipart plugin's own 4xx errors, answered in words. */
const limitMessages: Record<string, string> = {
  FST_FILES_LIMIT: 'Send one file only',
  FST_FIELDS_LIMIT: 'The form has too many fields',
  FST_PARTS_LIMIT: 'The form has too many parts',
};

/**
 * Reads the one file of a multipart request's `field` (any other file or field is refused), checks
 * its size and its bytes (JPEG, PNG or WebP), and answers it re-encoded without metadata.
 */
export async function readUploadedPhoto(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<EncodedPhoto> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', `Send the ${field} as multipart/form-data`);
  const data = await readOnlyFile(request, field, maxBytes);
  const invalid = `The ${field} must be a JPEG, PNG or WebP image`;
  if (!imageTypeOf(data)) throw new AppError('bad_request', invalid, { [field]: invalid });
  const photo = await encodePhoto(data);
  if (typeof photo === 'string') {
    const message =
      photo === 'too_many_pixels'
        ? `The ${field} must be at most ${PHOTO_MAX_INPUT_PIXELS / 1_000_000} megapixels`
        : `The ${field} could not be read as an image`;
    throw new AppError('bad_request', message, { [field]: message });
  }
  return photo;
}

async function readOnlyFile(request: FastifyRequest, field: string, maxBytes: number) {
  const choose = () => {
    const message = `Choose ${/^[aeiou]/.test(field) ? 'an' : 'a'} ${field} to upload`;
    return new AppError('bad_request', message, { [field]: message });
  };
  let data: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type !== 'file' || part.fieldname !== field || data) {
        const unexpected = `Unexpected form field "${part.fieldname.slice(0, 100)}": send only the ${field}`;
        throw new AppError('bad_request', unexpected);
      }
      data = await part.toBuffer();
    }
  } catch (error) {
    throw asClientError(error, field, maxBytes);
  }
  if (!data) throw choose();
  return data;
}

/** Any failure to parse the form is the client's: 413 for a limit, 400 otherwise, never a 500. */
function asClientError(error: unknown, field: string, maxBytes: number): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('payload_too_large', `The ${field} must be at most ${sizeLabel(maxBytes)}`);
  const limit = limitMessages[code];
  if (limit) return new AppError('payload_too_large', limit);
  return new AppError('bad_request', 'The upload is not a valid multipart/form-data body');
}
