import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  firstScreens,
  firstScreensManifest,
  modulesNeeded,
  importStatements,
  planFirstScreens,
  reExports,
  type ModuleGraph,
} from './first-screens.ts';

const web = fileURLToPath(new URL('../src/web/', import.meta.url));
const lucide = join(
  dirname(createRequire(import.meta.url).resolve('lucide-react/package.json')),
  'dist/esm',
);

describe('importStatements', () => {
  it('reads the names an `import { … }` takes, and marks every other form as taking it all', () => {
    expect(
      importStatements(
        [
          'import { A, B as C } from "lucide-react";',
          'import {\n  x,\n  y\n} from "#web/features/f/index.ts";',
          'import React from "react";',
          'import D, { e } from "./d.ts";',
          'import * as ns from "./ns.ts";',
          'export { r } from "./r.ts";',
          'import "./styles.css";',
          'const later = () => import("./lazy.ts");',
        ].join('\n'),
      ),
    ).toEqual([
      ['lucide-react', ['A', 'B']],
      ['#web/features/f/index.ts', ['x', 'y']],
      ['react', null],
      ['./d.ts', null],
      ['./ns.ts', null],
      ['./r.ts', null],
      ['./styles.css', null],
    ]);
  });
});

describe('reExports', () => {
  it("maps a barrel's re-exported names to the modules that hold them, without types or its own names", () => {
    const exports = reExports(
      '/app/features/f/index.ts',
      "export { a, b as c, type T } from './api/a.ts';\nexport { d } from './d.ts';\nexport const load = () => import('./e.ts');",
    );
    expect(Object.fromEntries(exports)).toEqual({
      a: '/app/features/f/api/a.ts',
      c: '/app/features/f/api/a.ts',
      d: '/app/features/f/d.ts',
    });
  });
});

describe('modulesNeeded', () => {
  const page = join(web, 'features/p/pages/page.tsx');
  const barrel = join(web, 'features/f/index.ts');
  const modules: Record<
    string,
    { code: string; importedIds: string[]; dynamicallyImportedIds?: string[] }
  > = {
    [page]: {
      code: 'import { MapPin } from "lucide-react";\nimport { used } from "#web/features/f/index.ts";\nimport { helper } from "../helper.ts";',
      importedIds: [join(lucide, 'lucide-react.mjs'), barrel, join(web, 'features/p/helper.ts')],
    },
    [join(web, 'features/r/pages/own-name.tsx')]: {
      code: 'import { used, loadLater } from "#web/features/f/index.ts";',
      importedIds: [barrel],
    },
    [join(web, 'features/p/helper.ts')]: { code: '', importedIds: [] },
    [barrel]: {
      code: '',
      importedIds: [
        join(web, 'features/f/used.ts'),
        join(web, 'features/f/unused.ts'),
        join(web, 'features/f/own.ts'),
      ],
    },
    [join(web, 'features/f/own.ts')]: { code: '', importedIds: [] },
    [join(web, 'features/q/pages/other.tsx')]: {
      code: 'import * as f from "#web/features/f/index.ts";',
      importedIds: [barrel],
    },
    [join(web, 'features/f/used.ts')]: { code: '', importedIds: [] },
    [join(web, 'features/f/unused.ts')]: { code: '', importedIds: [join(web, 'big.ts')] },
  };
  const graph: ModuleGraph = {
    info: (id) => (modules[id] ? { dynamicallyImportedIds: [], ...modules[id] } : null),
  };
  const barrels: Record<string, Map<string, string>> = {
    [barrel]: new Map([
      ['used', join(web, 'features/f/used.ts')],
      ['unused', join(web, 'features/f/unused.ts')],
    ]),
    [join(lucide, 'lucide-react.mjs')]: new Map([['MapPin', join(lucide, 'icons/map-pin.mjs')]]),
  };

  it('follows only what a page takes from a barrel', () => {
    const needed = modulesNeeded(page, graph, (id) => barrels[id] ?? new Map());
    expect([...needed].sort()).toEqual(
      [
        page,
        join(web, 'features/p/helper.ts'),
        join(lucide, 'icons/map-pin.mjs'),
        join(web, 'features/f/used.ts'),
      ].sort(),
    );
  });

  it('takes the whole barrel for any other use of it, a name the barrel defines itself too', () => {
    for (const other of [
      join(web, 'features/q/pages/other.tsx'),
      join(web, 'features/r/pages/own-name.tsx'),
    ]) {
      const needed = modulesNeeded(other, graph, (id) => barrels[id] ?? new Map());
      expect(needed.has(join(web, 'features/f/unused.ts')), other).toBe(true);
      expect(needed.has(join(web, 'features/f/own.ts')), other).toBe(true);
      expect(needed.has(join(web, 'big.ts')), other).toBe(true);
    }
  });
});

describe('planFirstScreens', () => {
  const [landing, search] = firstScreens.map((screen) => join(web, screen.module));
  const bookings = join(web, 'features/bookings/pages/bookings-page.tsx');
  const at = (path: string) => join(web, path);
  const modules: Record<string, { importedIds: string[]; dynamicallyImportedIds?: string[] }> = {
    [at('main.tsx')]: {
      importedIds: [at('lib/react.ts')],
      dynamicallyImportedIds: [landing ?? '', search ?? '', bookings],
    },
    [landing ?? '']: { importedIds: [at('ui/card.tsx'), at('lib/react.ts'), at('landing.ts')] },
    [search ?? '']: { importedIds: [at('ui/card.tsx'), at('ui/tabs.tsx'), at('search.ts')] },
    [bookings]: { importedIds: [at('ui/tabs.tsx')] },
  };
  const graph: ModuleGraph = {
    info: (id) => ({
      code: '',
      importedIds: modules[id]?.importedIds ?? [],
      dynamicallyImportedIds: modules[id]?.dynamicallyImportedIds ?? [],
    }),
  };

  it("puts a screen's own modules in its chunk and leaves what others also need to the bundler", () => {
    expect(Object.fromEntries(planFirstScreens(graph, () => new Map()))).toEqual({
      [landing ?? '']: 'landing-page',
      [at('landing.ts')]: 'landing-page',
      [search ?? '']: 'search-page',
      [at('search.ts')]: 'search-page',
    });
  });
});

describe('firstScreensManifest', () => {
  type Chunk = { type: 'chunk'; name: string; fileName: string; isEntry: boolean };
  const chunk = (name: string, imports: string[], moduleIds: string[] = [], isEntry = false) => ({
    type: 'chunk' as const,
    name,
    fileName: `assets/${name}-h.js`,
    isEntry,
    imports: imports.map((other) => `assets/${other}-h.js`),
    moduleIds,
  });
  const [landing, search] = firstScreens.map((screen) => join(web, screen.module));
  const run = (chunks: ReturnType<typeof chunk>[]) => {
    const emitted: { fileName: string; source: string }[] = [];
    const context = {
      error: (message: string) => {
        throw new Error(message);
      },
      emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
    };
    const bundle = Object.fromEntries(chunks.map((c) => [c.fileName, c as Chunk]));
    const hook = firstScreensManifest().generateBundle as (...args: unknown[]) => void;
    hook.call(context, {}, bundle);
    return emitted;
  };

  it("lists each first screen's files beyond the entry's for its paths", () => {
    const [file] = run([
      chunk('index', ['query'], [], true),
      chunk('query', []),
      chunk('landing-page', ['landing-page-shared', 'index'], [landing ?? '']),
      chunk('landing-page-shared', ['index']),
      chunk('search-page', ['landing-page-shared', 'query'], [search ?? '']),
    ]);
    expect(file?.fileName).toBe('first-screens.json');
    expect(JSON.parse(file?.source ?? '')).toEqual({
      '/': ['/assets/landing-page-h.js', '/assets/landing-page-shared-h.js'],
      '/home': ['/assets/search-page-h.js', '/assets/landing-page-shared-h.js'],
      '/search': ['/assets/search-page-h.js', '/assets/landing-page-shared-h.js'],
    });
  });

  it("fails the build when the entry loads a first screen's chunk", () => {
    expect(() =>
      run([
        chunk('index', ['search-page-shared-reviews'], [], true),
        chunk('search-page-shared-reviews', []),
        chunk('landing-page', [], [landing ?? '']),
        chunk('search-page', ['search-page-shared-reviews'], [search ?? '']),
      ]),
    ).toThrow('the entry loads assets/search-page-shared-reviews-h.js');
  });
});
