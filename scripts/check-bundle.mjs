// Measures, from the production build, the JavaScript each page of the route table
// (src/web/app/router.tsx) loads to show itself: the entry chunk, the page's chunk and every chunk
// they import statically, gzipped. Fails when a page is over its budget or has none, when a budget
// names no page, and when a product page's chunks (with all they may load later) hold code of the
// internal pages' wing (src/web/qa/). `--json` prints the figures as JSON instead.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * KB gzipped per page of the route table: `/` keeps the product's 100 KB, every other page about
 * 2 KB above what it loaded when last set (docs/benchmarks.md).
 */
const BUDGETS_KB = {
  '/': 100,
  '/login': 116,
  '/register': 166,
  '/forgot-password': 156,
  '/join': 162,
  '/reset-password': 157,
  '/confirm-email': 113,
  '/confirm-contact': 113,
  '/privacy': 100,
  '/terms': 99,
  '/support': 113,
  '/track/:token': 140,
  '/home': 127,
  '/search': 127,
  '/providers/:id': 120,
  '/bookings': 203,
  '/profile': 193,
  '/payment-methods': 180,
  '/receipts/:id': 122,
  '/admin': 205,
  '/fleet': 139,
  '/reports': 117,
  '/test-profile': 150,
  '/demo': 119,
  '/complete-demo': 149,
  '/location-test': 126,
  '/payment-test': 164,
  '/availability-test': 127,
  '/stripe-test': 152,
  '/calendar-test': 163,
  '/complete-test-suite': 133,
  '/auth-test': 127,
  '/driver-profile-test': 169,
  '/admin-test': 159,
};

const dist = 'dist/web';
const routeTable = 'src/web/app/router.tsx';
const wing = 'src/web/qa/';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const chunks = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
const byKey = new Map(Object.entries(manifest));

/** The modules (paths from the repository's root) each chunk holds, from its source map. */
const modulesOf = new Map(
  chunks.map((chunk) => {
    const mapFile = join(dist, `${chunk.file}.map`);
    if (!existsSync(mapFile)) return [chunk.file, []];
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    const sources = map.sources.map((source) => join(dist, dirname(chunk.file), source));
    return [chunk.file, sources];
  }),
);

/** Each route's path and the module its page is, read from the route table. */
function routes() {
  const code = readFileSync(routeTable, 'utf8');
  const loaders = new Map(
    [...code.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)].map(([, name, module]) => [
      name,
      module,
    ]),
  );
  const found = [
    ...code.matchAll(/path: '([^']+)',\s*load: (?:\(\) => import\('([^']+)'\)|(\w+))/g),
  ].map(([, path, module, loader]) => ({
    path,
    module: join('src/web/app', module ?? loaders.get(loader) ?? ''),
  }));
  const paths = [...code.matchAll(/\bpath: '/g)].length;
  if (found.length !== paths || found.some((route) => !route.module.endsWith('.tsx')))
    throw new Error(`${routeTable}: read ${found.length} of ${paths} routes`);
  return found;
}

/** The chunk whose source map holds `module`. */
function chunkOf(module) {
  const chunk = chunks.find((candidate) => modulesOf.get(candidate.file).includes(module));
  if (!chunk) throw new Error(`no chunk holds ${module}`);
  return chunk;
}

/** `start` and the chunks it imports statically (and, with `lazy`, dynamically), recursively. */
function closure(start, lazy = false, into = new Set()) {
  if (into.has(start.file)) return into;
  into.add(start.file);
  for (const key of [...(start.imports ?? []), ...(lazy ? (start.dynamicImports ?? []) : [])]) {
    const chunk = byKey.get(key);
    if (chunk) closure(chunk, lazy, into);
  }
  return into;
}

const gzipped = new Map();
const sizeOf = (file) => {
  if (!gzipped.has(file))
    gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
};
const kb = (bytes) => bytes / 1024;

const entry = chunks.find((chunk) => chunk.isEntry);
const problems = [];
/** What product code can load: the entry and each product page with all it may import later. */
const productFiles = new Set(closure(entry));
const pages = routes().map(({ path, module }) => {
  const own = chunkOf(module);
  const files = new Set([...closure(entry), ...closure(own)]);
  const bytes = [...files].reduce((sum, file) => sum + sizeOf(file), 0);
  const budget = BUDGETS_KB[path];
  if (budget === undefined) problems.push(`${path} has no budget in scripts/check-bundle.mjs`);
  else if (kb(bytes) > budget)
    problems.push(`${path} loads ${kb(bytes).toFixed(1)} KB, over its ${budget} KB budget`);
  // The entry's own import()s are the route table's: each page is counted on its own.
  if (!module.startsWith(wing))
    for (const file of closure(own, true, new Set([entry.file]))) productFiles.add(file);
  return { path, module, files: files.size, kb: Number(kb(bytes).toFixed(1)), budget };
});
for (const file of productFiles) {
  const held = modulesOf.get(file)?.filter((source) => source.startsWith(wing)) ?? [];
  if (held.length > 0)
    problems.push(`${file}, which product pages load, holds the wing's ${held.join(', ')}`);
}
for (const path of Object.keys(BUDGETS_KB))
  if (!pages.some((page) => page.path === path))
    problems.push(`the budget of ${path} names no page of the route table`);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ entry: kb(sizeOf(entry.file)), pages }, null, 2));
} else {
  console.log('gzipped JavaScript each page loads to show itself (entry, its page, their imports)');
  for (const page of pages)
    console.log(
      `${page.kb.toFixed(1).padStart(7)} KB  ${String(page.files).padStart(2)} files  ${page.path.padEnd(22)} (budget ${page.budget ?? '—'} KB)`,
    );
}
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
