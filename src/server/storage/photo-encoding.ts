/** Longest side of a stored photo, in pixels: enough for a profile or a business card. */
export const PHOTO_MAX_SIDE = 1600;
/** Larger pictures are refused before they are decoded (a small file can hold a huge picture). */
export const PHOTO_MAX_INPUT_PIXELS = 50_000_000;

export interface EncodedPhoto {
  data: Buffer;
  extension: 'webp';
  contentType: 'image/webp';
}

export type PhotoRefusal = 'unreadable' | 'too_many_pixels';

/**
 * Decodes a JPEG, PNG or WebP and writes it again as WebP: turned upright by its EXIF orientation,
 * at most PHOTO_MAX_SIDE on its long side, first frame only, and without any metadata (EXIF with
 * its GPS position, XMP, ICC, comments) — see docs/decisions/016-uploaded-photos.md.
 */
export async function encodePhoto(data: Buffer): Promise<EncodedPhoto | PhotoRefusal> {
  // Loaded with the first photo: libvips is tens of MB of the app server's memory.
  const { default: sharp } = await import('sharp');
  try {
    const { width, height } = await sharp(data).metadata();
    if (width * height > PHOTO_MAX_INPUT_PIXELS) return 'too_many_pixels';
    const encoded = await sharp(data, { limitInputPixels: PHOTO_MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { data: encoded, extension: 'webp', contentType: 'image/webp' };
  } catch {
    return 'unreadable';
  }
}
