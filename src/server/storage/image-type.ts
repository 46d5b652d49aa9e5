/** The image formats we accept, recognised by their first bytes (a declared type proves nothing). */
export type ImageType = { extension: 'jpg' | 'png' | 'webp'; contentType: string };

export function imageTypeOf(data: Buffer): ImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return { extension: 'jpg', contentType: 'image/jpeg' };
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { extension: 'png', contentType: 'image/png' };
  if (
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return { extension: 'webp', contentType: 'image/webp' };
  return null;
}

export const contentTypeOf = (name: string) =>
  name.endsWith('.png') ? 'image/png' : name.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
