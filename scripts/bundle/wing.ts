import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Route } from './route-table.ts';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The internal pages' wing: product pages never load its code (docs/decisions). */
const WING = 'src/web/qa/';

/**
 * From the production build's manifest and source maps: every chunk a product page may load, now
 * or later, holds no module of the internal pages' wing. Answers the problems found.
 */
export function wingProblems(root: string, dist: string, routes: Route[]): string[] {
  const manifest = JSON.parse(
    readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, Chunk>;
  const chunks = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
  const byKey = new Map(Object.entries(manifest));
  const modulesOf = new Map(
    chunks.map((chunk) => {
      const mapFile = path.join(dist, `${chunk.file}.map`);
      if (!existsSync(mapFile)) return [chunk.file, [] as string[]];
      const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
      return [
        chunk.file,
        map.sources.map((source) =>
          path.relative(root, path.join(dist, path.dirname(chunk.file), source)),
        ),
      ];
    }),
  );
  const chunkOf = (module: string) => {
    const chunk = chunks.find((candidate) => modulesOf.get(candidate.file)!.includes(module));
    if (!chunk) throw new Error(`no chunk holds ${module}`);
    return chunk;
  };
  /** `start` and the chunks it imports statically (and, with `lazy`, later), recursively. */
  const closure = (start: Chunk, lazy: boolean, into: Set<string>): Set<string> => {
    if (into.has(start.file)) return into;
    into.add(start.file);
    for (const key of [...(start.imports ?? []), ...(lazy ? (start.dynamicImports ?? []) : [])]) {
      const chunk = byKey.get(key);
      if (chunk) closure(chunk, lazy, into);
    }
    return into;
  };
  const entry = chunks.find((chunk) => chunk.isEntry)!;
  // Everything the entry loads, now or later (its chunks' import()s: the route table, dialogs,
  // catalogs…), except through the internal pages themselves: the wing's own chunks are where
  // the walk stops, and what is found past them is the wing's.
  const wingPages = routes
    .filter((route) => route.module.startsWith(WING))
    .map((route) => chunkOf(route.module).file);
  const product = closure(entry, true, new Set(wingPages));
  for (const file of wingPages) product.delete(file);
  const problems: string[] = [];
  for (const file of product) {
    const held = modulesOf.get(file)?.filter((source) => source.startsWith(WING)) ?? [];
    if (held.length > 0)
      problems.push(`${file}, which product pages load, holds the wing's ${held.join(', ')}`);
  }
  return problems;
}
