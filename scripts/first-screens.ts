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

/** `export { a, b as c } from './x'` of a side-effect-free barrel: exported name → module id. */
export function reExports(barrelId: string, code: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const [, list = '', from = ''] of code.matchAll(
    /export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g,
  )) {
    for (const part of list.split(',')) {
      const words = part.trim().split(/\s+/);
      if (words[0] === 'type' || !words[0]) continue;
      names.set(words.at(-1) ?? '', resolve(dirname(barrelId), from));
    }
  }
  return names;
}

/** The names `code` imports from each specifier: `import { a, b as c } from 'x'` → x: [a, b]. */
export function namedImports(code: string): [specifier: string, names: string[]][] {
  return [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)].map(
    ([, list = '', specifier = '']) => [
      specifier,
      list
        .split(',')
        .map((part) => part.trim().split(/\s+/)[0] ?? '')
        .filter((name) => name && name !== 'type'),
    ],
  );
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

/**
 * The modules `start` needs, following what it uses of a barrel (lucide-react's index, a
 * feature's index.ts) instead of everything the barrel re-exports: the module graph links a
 * barrel to all of it, though the bundler leaves out what nobody uses.
 */
export function modulesNeeded(
  start: string,
  graph: ModuleGraph,
  readBarrel: (id: string) => Map<string, string>,
) {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const module = graph.info(id);
    // A barrel's own re-exports are followed name by name, from its importers.
    if (!module || id === lucideBarrel || isFeatureBarrel(id)) continue;
    for (const imported of module.importedIds) {
      if (imported !== lucideBarrel && !isFeatureBarrel(imported)) stack.push(imported);
    }
    for (const [specifier, names] of namedImports(module.code ?? '')) {
      const barrel = barrelOf(specifier, id);
      if (barrel === null) continue;
      const exports = readBarrel(barrel);
      for (const name of names) stack.push(exports.get(name) ?? barrel);
    }
  }
  return seen;
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
 * the entry loads stays there; one only that screen needs goes to the screen's chunk; one that
 * another lazy module (a page, a dialog, a later first screen) also needs goes to the screen's
 * `-shared` chunk, so those load that instead of the whole screen.
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
      if (entry.has(module) || plan.has(module)) continue;
      plan.set(module, elsewhere.has(module) ? `${screen.name}-shared` : screen.name);
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
      const files: Record<string, string[]> = {};
      for (const screen of firstScreens) {
        const own = chunks.find((chunk) => chunk.moduleIds.includes(join(webDir, screen.module)));
        if (!own) this.error(`no chunk holds ${screen.module}`);
        if (loadedByEntry.has(own.fileName)) this.error(`the entry loads ${screen.module}`);
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
