import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { FIRST_SCREENS_FILE } from '../src/server/http/first-screens.ts';

/**
 * The screens a visit usually starts on: the landing page and the search. Each one's code is one
 * chunk (its module and every module it needs that the entry does not load), and the server
 * names that chunk's files in the screen's HTML (src/server/http/web.ts), so a phone fetches them
 * beside the entry instead of thirty small files after it (decision 033).
 */
export const firstScreens = [
  { name: 'landing-page', module: 'features/auth/pages/landing-page.tsx', paths: ['/'] },
  {
    name: 'search-page',
    module: 'features/providers/pages/search-page.tsx',
    paths: ['/home', '/search'],
  },
] as const;

const webDir = fileURLToPath(new URL('../src/web/', import.meta.url));
const lucideDir = dirname(createRequire(import.meta.url).resolve('lucide-react/package.json'));

export interface ModuleGraph {
  /** The module's code after the transforms (types gone), and the ids it imports. */
  info(id: string): {
    code: string | null;
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
  } | null;
}

/**
 * What a side-effect-free barrel re-exports: `export { a, b as c } from './x'` → the module x for
 * a and c. A barrel defines nothing of its own (a feature's loaders live in its `loaders.ts`); a
 * name it defines itself is not listed, so a module taking it takes the whole barrel.
 */
export function reExports(barrelId: string, code: string): Map<string, string> {
  const names = new Map<string, string>();
  const reExported = code.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g);
  for (const [, list = '', from = ''] of reExported) {
    for (const part of list.split(',')) {
      const words = part.trim().split(/\s+/);
      if (words[0] === 'type' || !words[0]) continue;
      names.set(words.at(-1) ?? '', resolve(dirname(barrelId), from));
    }
  }
  return names;
}

/**
 * Each `import … from`, `export … from` and bare `import` of `code`, with the names it takes when
 * it is `import { a, b as c }` (→ [a, b]), else null (a default, a namespace, a re-export).
 */
export function importStatements(code: string): [specifier: string, names: string[] | null][] {
  const statements = code.matchAll(
    /\b(import|export)\s*([^'";]*?)\s*from\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]/g,
  );
  return [...statements].map(([, keyword, clause = '', from, bare]) => {
    const named = keyword === 'import' ? /^\{([^}]*)\}$/.exec(clause.trim()) : null;
    const names = named
      ? (named[1] ?? '')
          .split(',')
          .map((part) => part.trim().split(/\s+/)[0] ?? '')
          .filter((name) => name && name !== 'type')
      : null;
    return [from ?? bare ?? '', names];
  });
}

const lucideBarrel = join(lucideDir, 'dist/esm/lucide-react.mjs');
const isFeatureBarrel = (id: string) => /[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id);

/** The barrel a specifier names (lucide-react's index or a web feature's index.ts), or null. */
function barrelOf(specifier: string, importer: string): string | null {
  if (specifier === 'lucide-react') return lucideBarrel;
  const path = specifier.startsWith('#web/')
    ? join(webDir, specifier.slice('#web/'.length))
    : specifier.startsWith('.')
      ? resolve(dirname(importer), specifier)
      : null;
  return path !== null && isFeatureBarrel(path) ? path : null;
}

const isBarrel = (id: string) => id === lucideBarrel || isFeatureBarrel(id);

/**
 * The modules `start` needs, following what it takes by name from a barrel (lucide-react's
 * index, a feature's index.ts) instead of everything the barrel re-exports: the module graph
 * links a barrel to all of it, though the bundler leaves out what nobody uses. Any other use of a
 * barrel (a namespace, a default, a name it does not re-export) takes the whole barrel.
 */
export function modulesNeeded(
  start: string,
  graph: ModuleGraph,
  readBarrel: (id: string) => Map<string, string>,
) {
  const needed = new Set<string>();
  const seen = new Set<string>();
  const stack: [id: string, whole: boolean][] = [[start, false]];
  while (stack.length > 0) {
    const [id, whole] = stack.pop() as [string, boolean];
    const key = whole ? `whole ${id}` : id;
    if (seen.has(key)) continue;
    seen.add(key);
    needed.add(id);
    const module = graph.info(id);
    if (!module) continue;
    // A barrel taken by name: the modules of those names are already on the stack.
    if (isBarrel(id) && !whole) continue;
    const byName = new Set<string>();
    const wholly = new Set<string>();
    for (const [specifier, names] of importStatements(module.code ?? '')) {
      const barrel = barrelOf(specifier, id);
      if (barrel === null) continue;
      const exports = readBarrel(barrel);
      if (names === null || names.some((name) => !exports.has(name))) wholly.add(barrel);
      else byName.add(barrel);
      for (const name of names ?? []) {
        const target = exports.get(name);
        if (target !== undefined) stack.push([target, false]);
      }
    }
    for (const imported of module.importedIds) {
      if (!isBarrel(imported)) stack.push([imported, false]);
      else if (wholly.has(imported) || !byName.has(imported)) stack.push([imported, true]);
    }
  }
  return needed;
}

/** Every module some module imports with `import()`, from the entry on. */
function lazyModules(entry: string, graph: ModuleGraph) {
  const lazy = new Set<string>();
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const module = graph.info(id);
    if (!module) continue;
    for (const imported of module.dynamicallyImportedIds) lazy.add(imported);
    stack.push(...module.importedIds, ...module.dynamicallyImportedIds);
  }
  return lazy;
}

/**
 * Which chunk each module of a first screen goes to, the screens taken in their order: a module
 * only that screen needs (the entry does not load it, no other lazy module needs it) goes to the
 * screen's chunk. What other lazy modules (pages, dialogs, a later first screen) also need is
 * left to the bundler, which copies a small shared piece into each chunk that uses it (decision
 * 066): a page then loads the part of the app it uses, not a shared chunk of the screen's.
 */
export function planFirstScreens(
  graph: ModuleGraph,
  readBarrel: (id: string) => Map<string, string>,
): Map<string, string> {
  const main = join(webDir, 'main.tsx');
  const entry = modulesNeeded(main, graph, readBarrel);
  const needs = new Map(
    [...lazyModules(main, graph)].map((lazy) => [lazy, modulesNeeded(lazy, graph, readBarrel)]),
  );
  const plan = new Map<string, string>();
  for (const screen of firstScreens) {
    const id = join(webDir, screen.module);
    const elsewhere = new Set(
      [...needs].flatMap(([lazy, modules]) => (lazy === id ? [] : [...modules])),
    );
    for (const module of needs.get(id) ?? modulesNeeded(id, graph, readBarrel)) {
      if (entry.has(module) || plan.has(module) || elsewhere.has(module)) continue;
      plan.set(module, screen.name);
    }
  }
  return plan;
}

/**
 * The bundler's chunk name for a module (planFirstScreens), or null for one the bundler places
 * itself.
 */
export function firstScreenChunks() {
  const barrels = new Map<string, Map<string, string>>();
  const readBarrel = (id: string) => {
    let exports = barrels.get(id);
    if (!exports) barrels.set(id, (exports = reExports(id, readFileSync(id, 'utf8'))));
    return exports;
  };
  let plan: Map<string, string> | null = null;
  return (id: string, graph: ModuleGraph): string | null => {
    plan ??= planFirstScreens(graph, readBarrel);
    return plan.get(id) ?? null;
  };
}

/** Writes FIRST_SCREENS_FILE: each first screen's path → its chunk and the chunks it imports. */
export function firstScreensManifest(): Plugin {
  return {
    name: 'truck-finder:first-screens',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: string, into = new Set<string>()) => {
        if (into.has(start)) return into;
        into.add(start);
        for (const imported of byName.get(start)?.imports ?? []) closure(imported, into);
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('no entry chunk');
      const loadedByEntry = closure(entry.fileName);
      // A first screen's chunk loaded by the entry would make every page pay for that screen.
      const isScreenChunk = (name: string) =>
        firstScreens.some(
          (screen) => name === screen.name || name.startsWith(`${screen.name}-shared-`),
        );
      for (const file of loadedByEntry) {
        const name = byName.get(file)?.name;
        if (name !== undefined && isScreenChunk(name)) this.error(`the entry loads ${file}`);
      }
      const files: Record<string, string[]> = {};
      for (const screen of firstScreens) {
        const own = chunks.find((chunk) => chunk.moduleIds.includes(join(webDir, screen.module)));
        if (!own) this.error(`no chunk holds ${screen.module}`);
        const list = [...closure(own.fileName)].filter((file) => !loadedByEntry.has(file));
        for (const path of screen.paths) files[path] = list.map((file) => `/${file}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCREENS_FILE,
        source: `${JSON.stringify(files, null, 2)}\n`,
      });
    },
  };
}
