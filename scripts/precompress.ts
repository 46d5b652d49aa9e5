/**
 * Compresses the built web app's text files once, at build time (npm run build, after the
 * landing page's pre-rendering): see lib/precompress.ts.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './lib/precompress.ts';

const webDir = join(fileURLToPath(new URL('..', import.meta.url)), 'dist/web');
const started = performance.now();
const { count, raw, compressed } = await precompress(webDir);
console.log(
  `pre-compressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(compressed / 1024).toFixed(0)} KB brotli, ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
