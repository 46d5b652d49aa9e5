import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What a browser fetches as text; source maps are left for the rare developer who asks. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** The compress plugin's threshold too (src/server/app.ts): smaller files go out as they are. */
export const MIN_BYTES = 1024;

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) beside each text file of the built web app
 * under `dir`, for @fastify/static's `preCompressed` (src/server/http/web.ts): the server then
 * sends the smallest form without compressing each answer again. A form no smaller than the file
 * is not written. Answers the number of files of at least MIN_BYTES it compressed (written or
 * not), their bytes, and their bytes as sent to a browser that takes brotli.
 */
export async function precompress(dir: string) {
  const files: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && COMPRESSIBLE.test(entry.name))
      files.push(join(entry.parentPath, entry.name));
  let count = 0;
  let raw = 0;
  let compressed = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipped(body, { level: 9 }),
      ]);
      if (br.length < body.length) await writeFile(`${file}.br`, br);
      if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
      count += 1;
      raw += body.length;
      compressed += Math.min(br.length, body.length);
    }),
  );
  return { count, raw, compressed };
}
