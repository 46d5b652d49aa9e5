/**
 * Pre-renders the landing page, as a signed-out visitor sees it, into the build in each language
 * (decision 070): the server sends it for `/` (src/server/http/landing-pages.ts), so the page
 * shows before any of the app's code has loaded. Runs after `vite build` (npm run build), on the
 * same sources through Vite's server-side rendering.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { languages, type Language } from '../src/core/i18n/languages.ts';
import { FIRST_SCREENS_FILE } from '../src/server/http/first-screens.ts';
import { landingFile } from '../src/server/http/landing-pages.ts';
import { landingDocument } from './landing/landing-document.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(root, 'dist/web');

const shell = readFileSync(join(webDir, 'index.html'), 'utf8');
const screens = JSON.parse(readFileSync(join(webDir, FIRST_SCREENS_FILE), 'utf8')) as Record<
  string,
  string[]
>;

const vite = await createServer({
  configFile: join(root, 'vite.config.ts'),
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'warn',
});
try {
  const { renderLanding } = (await vite.ssrLoadModule('/prerender.tsx')) as {
    renderLanding: (language: Language) => Promise<string>;
  };
  for (const language of languages) {
    const markup = await renderLanding(language);
    const page = landingDocument(shell, { language, markup, screenFiles: screens['/'] ?? [] });
    writeFileSync(join(webDir, landingFile(language)), page);
    console.log(`pre-rendered / in ${language}: ${(page.length / 1024).toFixed(1)} KB of HTML`);
  }
} finally {
  await vite.close();
}
