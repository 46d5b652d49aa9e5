import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompress } from './precompress.ts';

describe('precompress', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a .br and a .gz of each text file that decompress to it, in every folder', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tf-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const script = `export const x = ${JSON.stringify('truck '.repeat(1000))};`;
    writeFileSync(join(dir, 'assets', 'a1b2.js'), script);
    writeFileSync(join(dir, 'sw.js'), script);

    expect(await precompress(dir)).toMatchObject({ count: 2, raw: 2 * script.length });
    for (const file of [join(dir, 'assets', 'a1b2.js'), join(dir, 'sw.js')]) {
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    }
  });

  it('leaves small files, source maps, images and forms no smaller than the file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tf-precompress-'));
    writeFileSync(join(dir, 'small.js'), 'x'.repeat(MIN_BYTES - 1));
    writeFileSync(join(dir, 'big.js.map'), 'x'.repeat(10_000));
    writeFileSync(join(dir, 'icon.png'), 'x'.repeat(10_000));
    // Random bytes do not compress: neither form is smaller.
    writeFileSync(
      join(dir, 'noise.js'),
      Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256))),
    );

    expect((await precompress(dir)).count).toBe(1);
    for (const name of ['small.js', 'big.js.map', 'icon.png', 'noise.js'])
      for (const form of ['br', 'gz']) expect(existsSync(join(dir, `${name}.${form}`))).toBe(false);
  });
});
