// Measures the JavaScript that `/` loads (entry chunk, its static imports and the landing
// page's files, which the server names in `/`'s HTML: first-screens.json) from the production
// build, gzipped, and fails above the budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
const dist = 'dist/web';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
visit(entry);
const firstScreens = JSON.parse(readFileSync(join(dist, 'first-screens.json'), 'utf8'));
for (const file of firstScreens['/'] ?? []) files.add(file.slice(1));

let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} KB  total gzipped JavaScript for / (budget ${BUDGET_KB} KB)`,
);
if (total > BUDGET_KB * 1024) {
  console.error(`Over budget by ${((total - BUDGET_KB * 1024) / 1024).toFixed(1)} KB`);
  process.exit(1);
}
