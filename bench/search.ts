/**
 * Provider search benchmark: `npm run bench:search [-- --n 1000000 --db pglite|postgres|both]`.
 *
 * Fills a fresh database with N synthetic approved providers spread over the contiguous US, then
 * measures the real search (searchProviders / searchQuery) directly and through HTTP (buildApp +
 * autocannon in a child process), prints the EXPLAIN (ANALYZE, BUFFERS) plan, where the time of a
 * request goes, and PASS/MISS against the targets. PGlite runs in memory; PostgreSQL runs in a
 * throw-away database `tf_bench_<random>` on the server of BENCH_DATABASE_URL, dropped at the end.
 * See docs/benchmarks.md.
 */
import { randomBytes } from 'node:crypto';
import { int } from './lib/stats.ts';
import { progress, withScratchDatabase } from './lib/scratch.ts';
import {
  N,
  QUERIES,
  WARMUP,
  HTTP_SECONDS,
  CONNECTIONS,
  SEED,
  POSTGRES_URL,
  which,
  args,
} from './search/options.ts';
import { type Run, benchmark } from './search/run.ts';
import { report } from './search/report.ts';
import { verdicts } from './search/targets.ts';
async function main() {
  const runs: Run[] = [];
  console.log(
    `Provider search benchmark: N = ${int(N)}, ${QUERIES} queries per scenario after ${WARMUP} warm-up, HTTP ${CONNECTIONS} connections × ${HTTP_SECONDS} s, seed ${SEED}`,
  );
  if (which === 'pglite' || which === 'both') {
    const run = await benchmark('PGlite (in memory)', undefined);
    report(run);
    runs.push(run);
  }
  if ((which === 'postgres' || which === 'both') && POSTGRES_URL) {
    const run = await withScratchDatabase(POSTGRES_URL, (url) => benchmark('PostgreSQL', url), {
      name: `tf_bench_${randomBytes(4).toString('hex')}`,
      keep: args['keep-database'],
    });
    report(run);
    runs.push(run);
  }
  verdicts(runs);
  progress('done');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
