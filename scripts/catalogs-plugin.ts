import { compileMessage } from '@lingui/message-utils/compileMessage';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** A catalog of the app's texts: `locales/<name>.<language>.ts` (src/web/lib/i18n.ts). */
export const CATALOG_FILE = /\/locales\/[\w.-]+\.(en|es)\.ts$/;

/** The messages of a catalog file: its default export, a plain object of ICU strings. */
export function readCatalog(file: string): Record<string, string> {
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const body = outputText.replace(/^\s*import\b.*$/gm, '').replace(/\bexport default\b/, 'return');
  return new Function(body)() as Record<string, string>;
}

/**
 * Compiles the catalogs' ICU messages at build time, so the browser gets Lingui's compiled form
 * and no message compiler (7 KB gzipped). Development and tests compile them at run time.
 */
export function catalogsPlugin(): Plugin {
  return {
    name: 'truckfinder:catalogs',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0]!;
      if (!CATALOG_FILE.test(file)) return null;
      const compiled = Object.fromEntries(
        Object.entries(readCatalog(file)).map(([key, message]) => [key, compileMessage(message)]),
      );
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
