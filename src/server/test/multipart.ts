import { randomBytes } from 'node:crypto';

/** A PNG's signature followed by noise: accepted as a PNG by the byte check. */
export const fakePng = (size = 2048) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size)]);

/** A multipart/form-data body with one file. */
export function multipartFile(
  data: Buffer,
  {
    field,
    type = 'image/png',
    filename = 'image.png',
  }: { field: string; type?: string; filename?: string },
) {
  const boundary = `----truckfinder${randomBytes(8).toString('hex')}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}
