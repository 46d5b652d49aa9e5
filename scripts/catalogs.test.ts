import { compileMessage } from '@lingui/message-utils/compileMessage';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG_FILE, readCatalog } from './catalogs-plugin.ts';

const root = join(import.meta.dirname, '..');

function catalogFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : catalogFiles(path);
    return CATALOG_FILE.test(path) && path.endsWith('.en.ts') ? [path] : [];
  });
}

/** The placeholders and element tags of an ICU message, sorted. */
function partsOf(message: string): string[] {
  const names = new Set<string>();
  // Lingui's compiled form: a message is a list of parts, each a text or [name, format?,
  // options?], where options map to messages of their own (plural, select).
  const walkMessage = (parts: unknown) => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part)) continue;
      names.add(`{${String(part[0])}}`);
      const options: unknown = part[2];
      if (options && typeof options === 'object') Object.values(options).forEach(walkMessage);
    }
  };
  walkMessage(compileMessage(message));
  for (const tag of message.matchAll(/<(\d+)>/g)) names.add(`<${tag[1]}>`);
  return [...names].sort();
}

const english = catalogFiles(join(root, 'src'));

describe('the catalogs of the app’s texts', () => {
  it('are found', () => {
    expect(english.length).toBeGreaterThan(0);
  });

  for (const file of english) {
    const name = relative(root, file);
    it(`${name} has a Spanish twin with the same keys and placeholders`, () => {
      const spanishFile = file.replace(/\.en\.ts$/, '.es.ts');
      expect(existsSync(spanishFile), `${relative(root, spanishFile)} is missing`).toBe(true);
      const en = readCatalog(file);
      const es = readCatalog(spanishFile);
      expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
      for (const [key, message] of Object.entries(en)) {
        expect(typeof message, key).toBe('string');
        expect(es[key]?.trim(), `${key} is empty in Spanish`).toBeTruthy();
        expect(partsOf(es[key]!), `${key}: placeholders`).toEqual(partsOf(message));
      }
    });
  }
});
