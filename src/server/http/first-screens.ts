import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** Written by the build (scripts/first-screens.ts): a first screen's path → its own files. */
export const FIRST_SCREENS_FILE = 'first-screens.json';

const firstScreensSchema = z.record(
  z.string().regex(/^\/[a-z-]*$/),
  z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)),
);

/**
 * The app's HTML for each first screen of the build in `webDir`, naming that screen's files
 * beside the entry's so the browser fetches them at once rather than after the entry has run
 * (decision 033). Empty when the build lists none.
 */
export function firstScreenPages(webDir: string, shell: string): Map<string, string> {
  const listed = join(webDir, FIRST_SCREENS_FILE);
  if (!existsSync(listed)) return new Map();
  const screens = firstScreensSchema.parse(JSON.parse(readFileSync(listed, 'utf8')));
  return new Map(
    Object.entries(screens).map(([path, files]) => {
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
      return [path, shell.replace('</head>', `${links.join('')}</head>`)];
    }),
  );
}
