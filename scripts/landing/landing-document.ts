import { intlLocales, type Language } from '../../src/core/i18n/languages.ts';

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const ROOT =
  /(<body>\s*)(?:<!--[^]*?-->\s*)?<div id="root" aria-busy="true">[^]*<\/div>(\s*<\/body>)/;

/**
 * The build's index.html made into the landing page pre-rendered in `language` (decision 070):
 * the app's markup in place of the skeleton, marked with its language, and the app's scripts
 * (the entry, what it preloads, and the landing page's own `screenFiles`) named for
 * public/landing-boot.js to load at the visitor's first sign of use instead of at once.
 */
export function landingDocument(
  shell: string,
  { language, markup, screenFiles }: { language: Language; markup: string; screenFiles: string[] },
): string {
  const entry = ENTRY.exec(shell)?.[1];
  if (!entry) throw new Error('index.html names no module script');
  if (!ROOT.test(shell)) throw new Error('index.html has no skeleton in #root');
  if (/<script/i.test(markup)) throw new Error('the markup holds a script, which the CSP refuses');
  const preloads = [...shell.matchAll(PRELOAD)].map((match) => match[1]!);
  const files = [...new Set([...preloads, ...screenFiles])];
  const boot = `<script src="/landing-boot.js" data-language="${language}" data-app="${entry}" data-preload="${files.join(' ')}"></script>`;
  return shell
    .replace(/<html lang="[^"]*">/, `<html lang="${intlLocales[language]}">`)
    .replace(ENTRY, () => `\n    ${boot}`)
    .replace(PRELOAD, '')
    .replace(
      ROOT,
      (_, body: string, end: string) =>
        `${body}<div id="root" data-prerendered="${language}">${markup}</div>${end}`,
    );
}
