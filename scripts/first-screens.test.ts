import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  firstScreens,
  modulesNeeded,
  namedImports,
  planFirstScreens,
  reExports,
  type ModuleGraph,
} from './first-screens.ts';

const web = fileURLToPath(new URL('../src/web/', import.meta.url));
const lucide = join(
  dirname(createRequire(import.meta.url).resolve('lucide-react/package.json')),
  'dist/esm',
);

describe('namedImports', () => {
  it('reads the names each import statement takes, not their local aliases', () => {
    expect(
      namedImports(
        'import { A, B as C } from "lucide-react";\nimport { x } from "#web/features/f/index.ts";\nimport React from "react";',
      ),
    ).toEqual([
      ['lucide-react', ['A', 'B']],
      ['#web/features/f/index.ts', ['x']],
    ]);
  });
});

describe('reExports', () => {
  it("maps a barrel's exported names to the modules that hold them, without types", () => {
    const exports = reExports(
      '/app/features/f/index.ts',
      "export { a, b as c, type T } from './api/a.ts';\nexport { d } from './d.ts';",
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
      code: 'import { MapPin } from "lucide-react";\nimport { used, loadLater } from "#web/features/f/index.ts";\nimport { helper } from "../helper.ts";',
      importedIds: [join(lucide, 'lucide-react.mjs'), barrel, join(web, 'features/p/helper.ts')],
    },
    [join(web, 'features/p/helper.ts')]: { code: '', importedIds: [] },
    [barrel]: {
      code: '',
      importedIds: [join(web, 'features/f/used.ts'), join(web, 'features/f/unused.ts')],
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

  it('follows only what a page takes from a barrel, and the barrel itself for its own names', () => {
    const needed = modulesNeeded(page, graph, (id) => barrels[id] ?? new Map());
    expect([...needed].sort()).toEqual(
      [
        page,
        join(web, 'features/p/helper.ts'),
        join(lucide, 'icons/map-pin.mjs'),
        join(web, 'features/f/used.ts'),
        // `loadLater` is defined in the barrel itself.
        barrel,
      ].sort(),
    );
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

  it("puts a screen's own modules in its chunk and what others also need in its -shared one", () => {
    expect(Object.fromEntries(planFirstScreens(graph, () => new Map()))).toEqual({
      [landing ?? '']: 'landing-page',
      [at('landing.ts')]: 'landing-page',
      [at('ui/card.tsx')]: 'landing-page-shared',
      [search ?? '']: 'search-page',
      [at('search.ts')]: 'search-page',
      [at('ui/tabs.tsx')]: 'search-page-shared',
    });
  });
});
