import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Route } from './route-table.ts';
import { wingProblems } from './wing.ts';

/** A build in a temporary folder: chunks by file with their imports and their modules (maps). */
function build(
  chunks: Record<
    string,
    { imports?: string[]; lazy?: string[]; modules: string[]; entry?: boolean }
  >,
) {
  const root = mkdtempSync(path.join(tmpdir(), 'tf-wing-'));
  const dist = path.join(root, 'dist/web');
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  mkdirSync(path.join(dist, 'assets'));
  const manifest: Record<string, unknown> = {};
  for (const [name, chunk] of Object.entries(chunks)) {
    const file = `assets/${name}.js`;
    manifest[name] = {
      file,
      isEntry: chunk.entry,
      imports: chunk.imports,
      dynamicImports: chunk.lazy,
    };
    writeFileSync(path.join(dist, file), '');
    writeFileSync(
      path.join(dist, `${file}.map`),
      JSON.stringify({ sources: chunk.modules.map((module) => `../../../${module}`) }),
    );
  }
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  return { root, dist };
}

const routes: Route[] = [
  {
    path: '/bookings',
    module: 'src/web/features/bookings/pages/bookings-page.tsx',
    role: 'driver',
  },
  { path: '/demo', module: 'src/web/qa/demo/demo-page.tsx', role: null },
];
const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A facade entry importing the app's main chunk, whose import()s are the pages and a dialog. */
const app = (dialogImports: string[], dialogModules = ['src/web/components/dialog.tsx']) => ({
  index: { entry: true, imports: ['main'], modules: [] },
  main: { lazy: ['bookings', 'demo', 'dialog'], modules: ['src/web/main.tsx'] },
  bookings: { imports: ['shared'], modules: [routes[0]!.module] },
  demo: { imports: ['shared', 'qa-shared'], modules: [routes[1]!.module] },
  shared: { modules: ['src/web/components/ui/card.tsx'] },
  'qa-shared': { modules: ['src/web/qa/shared/qa-api.ts'] },
  dialog: { imports: dialogImports, modules: dialogModules },
});

describe('wingProblems', () => {
  it('passes a build whose internal pages alone load their code', () => {
    const { root, dist } = build(app([]));
    roots.push(root);
    expect(wingProblems(root, dist, routes)).toEqual([]);
  });

  it("finds the wing's code behind any import() of the app, not only a route's", () => {
    const { root, dist } = build(app(['qa-shared']));
    roots.push(root);
    expect(wingProblems(root, dist, routes)).toEqual([
      "assets/qa-shared.js, which product pages load, holds the wing's src/web/qa/shared/qa-api.ts",
    ]);
  });
});
