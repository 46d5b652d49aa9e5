/**
 * Admin dashboard benchmark: `npm run bench:admin [-- --bookings 1000000]`.
 *
 * Creates a throw-away database `tf_bench_admin_<random>` on the PostgreSQL server of
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), applies the migrations,
 * fills it in SQL (users, service providers, bookings over the last 400 days, subscriptions and
 * payments), prints the EXPLAIN (ANALYZE, BUFFERS) plan of the dashboard statement
 * (admin.repository.ts `dashboard`) and times GET /api/admin/dashboard through the real app
 * (buildApp + app.inject) against GET /api/health in the same run. Exits with 1 when the plan reads
 * bookings with a Seq Scan. The database is dropped at the end, also on failure. See
 * docs/benchmarks.md.
 */
import { randomBytes } from 'node:crypto';
import { int } from './lib/stats.ts';
import { progress, withScratchDatabase } from './lib/scratch.ts';
import {
  BOOKINGS,
  USERS,
  PROVIDERS,
  REQUESTS,
  WARMUP,
  SEED,
  SERVER_URL,
  args,
} from './admin/options.ts';
import { benchmark } from './admin/run.ts';
import { report, summary } from './admin/report.ts';

async function main() {
  console.log(
    `Admin dashboard benchmark: ${int(BOOKINGS)} bookings, ${int(USERS)} users, ${int(PROVIDERS)} providers, ${REQUESTS} requests per route after ${WARMUP} warm-up, seed ${SEED}`,
  );
  const run = await withScratchDatabase(SERVER_URL, benchmark, {
    name: `tf_bench_admin_${randomBytes(4).toString('hex')}`,
    keep: args['keep-database'],
  });
  report(run);
  summary(run);
  if (run.seqScanOnBookings) {
    console.error(
      '\nFAIL: the admin dashboard statement reads bookings with a Seq Scan (see the plan above).',
    );
    process.exitCode = 1;
  }
  progress('done');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
