import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of `width` × `height` 8-bit pixels (greyscale or RGB) whose image data is `pixels`. */
export function png(width: number, height: number, colour: 'grey' | 'rgb', pixels: Buffer) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = colour === 'rgb' ? 2 : 0; // colour type
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real, decodable 1×1 RGB PNG (unlike noise after a PNG signature, it survives re-encoding). */
export const tinyPng = (rgb: [number, number, number] = [200, 60, 20]) =>
  png(1, 1, 'rgb', Buffer.from([0, ...rgb]));

/**
 * A real, decodable greyscale PNG of random noise, about `size` bytes long (noise does not
 * compress), so its size can be set against the upload limit.
 */
export function noisePng(size = 2048) {
  const width = 64;
  const height = Math.max(1, Math.ceil(size / (width + 1)));
  const rows = Array.from({ length: height }, () =>
    Buffer.concat([Buffer.from([0]), randomBytes(width)]),
  );
  return png(width, height, 'grey', Buffer.concat(rows));
}

/** A PNG's signature followed by noise: passes the byte check, but does not decode. */
export const brokenPng = (size = 2048) => Buffer.concat([SIGNATURE, randomBytes(size)]);
