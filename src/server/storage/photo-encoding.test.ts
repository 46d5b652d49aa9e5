import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { png } from '../test/png.ts';
import { encodePhoto, PHOTO_MAX_SIDE, type EncodedPhoto } from './photo-encoding.ts';

/** A PNG header that promises width × height pixels, with (far too little) image data. */
const pngClaiming = (width: number, height: number) =>
  png(width, height, 'grey', Buffer.alloc(1024));

describe('encodePhoto', () => {
  it('refuses a small file that claims a huge picture, before decoding it', async () => {
    expect(await encodePhoto(pngClaiming(10_000, 8_000))).toBe('too_many_pixels');
    expect(await encodePhoto(pngClaiming(100, 100))).toBe('unreadable');
  });

  it('keeps transparency and shrinks to the longest side', async () => {
    const png = await sharp({
      create: { width: 3200, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const encoded = (await encodePhoto(png)) as EncodedPhoto;
    const meta = await sharp(encoded.data).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: PHOTO_MAX_SIDE, height: 400 });
    expect(meta.hasAlpha).toBe(true);
  });

  it('never enlarges a small picture', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 9, g: 9, b: 9 } },
    })
      .png()
      .toBuffer();
    expect(await sharp(((await encodePhoto(png)) as EncodedPhoto).data).metadata()).toMatchObject({
      width: 40,
      height: 30,
    });
  });
});
