import { describe, expect, it } from 'vitest';
import { landingDocument } from './landing-document.ts';

/** The shape of the build's index.html (src/web/index.html after vite build). */
const shell = `<!doctype html>
<html lang="en">
  <head>
    <script src="/theme-boot.js"></script>
    <title>Truck Finder</title>
    <script type="module" crossorigin src="/assets/index-E1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/query-Q1.js">
    <link rel="modulepreload" crossorigin href="/assets/frame-F1.js">
    <link rel="stylesheet" crossorigin href="/assets/web-S1.css">
  <script id="vite-plugin-pwa:register-sw" src="/registerSW.js" defer></script></head>
  <body>
    <!-- A skeleton of the app's frame -->
    <div id="root" aria-busy="true">
      <div class="flex"><div class="sticky"></div></div>
    </div>
  </body>
</html>
`;

const page = (markup = '<main><h1>Truck Finder</h1></main>') =>
  landingDocument(shell, { language: 'es', markup, screenFiles: ['/assets/landing-L1.js'] });

describe('landingDocument', () => {
  it("puts the markup in place of the skeleton, marked with its language, and the page's lang", () => {
    const html = page();
    expect(html).toContain(
      '<div id="root" data-prerendered="es"><main><h1>Truck Finder</h1></main></div>\n  </body>',
    );
    expect(html).toContain('<html lang="es-US">');
    expect(html).not.toContain('aria-busy');
    expect(html).not.toContain('skeleton');
  });

  it("names the app's scripts for the boot script instead of loading them", () => {
    const html = page();
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      '<script src="/landing-boot.js" data-language="es" data-app="/assets/index-E1.js" data-preload="/assets/query-Q1.js /assets/frame-F1.js /assets/landing-L1.js"></script>',
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/web-S1.css">');
    expect(html).toContain('<script src="/theme-boot.js"></script>');
    expect(html).toContain('src="/registerSW.js"');
  });

  it("takes the markup as it is, dollar signs included, and only the body's skeleton", () => {
    const withComment = shell.replace('<title>', '<!-- a note -->\n    <title>');
    const html = landingDocument(withComment, {
      language: 'en',
      markup: '<p>$1 $& $$ off</p>',
      screenFiles: [],
    });
    expect(html).toContain('<p>$1 $& $$ off</p>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/web-S1.css">');
    expect(html).toContain('<!-- a note -->');
  });

  it('refuses markup with a script (the CSP would refuse it) and a shell it cannot read', () => {
    expect(() => page('<div></div><script>$RC("B:0","S:0")</script>')).toThrow(/CSP/);
    expect(() =>
      landingDocument(shell.replace(/<script type="module"[^\n]*/, ''), {
        language: 'en',
        markup: '',
        screenFiles: [],
      }),
    ).toThrow(/module script/);
    expect(() =>
      landingDocument(shell.replace('aria-busy="true"', ''), {
        language: 'en',
        markup: '',
        screenFiles: [],
      }),
    ).toThrow(/skeleton/);
  });
});
