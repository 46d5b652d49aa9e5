import { randomBytes } from 'node:crypto';

export type FormPart =
  | { field: string; data: Buffer; type?: string; filename?: string }
  | { field: string; value: string };

/** A multipart/form-data body of the given parts, in order. */
export function multipartForm(parts: FormPart[]) {
  const boundary = `----truckfinder${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      const { field, data, type = 'image/png', filename = 'image.png' } = part;
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(chunks),
  };
}

/** A multipart/form-data body with one file. */
export function multipartFile(
  data: Buffer,
  { field, type, filename }: { field: string; type?: string; filename?: string },
) {
  return multipartForm([{ field, data, type, filename }]);
}
