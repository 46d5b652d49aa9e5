import { parseArgs } from 'node:util';
import { count } from '../lib/args.ts';
import { metros } from '../lib/points.ts';
export const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '100000' },
    db: { type: 'string' },
    queries: { type: 'string', default: '500' },
    warmup: { type: 'string', default: '100' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    seed: { type: 'string', default: '42' },
    'keep-indexes': { type: 'boolean', default: false },
    'skip-http': { type: 'boolean', default: false },
    'keep-database': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help) {
  console.log(`npm run bench:search -- [options]
  --n <count>          providers to generate (default 100000; 1e6 or 1_000_000 work)
  --db <which>         pglite | postgres | both (default: both when BENCH_DATABASE_URL is set, else pglite)
  --queries <count>    measured searches per scenario (default 500)
  --warmup <count>     searches before measuring (default 100)
  --duration <s>       seconds of each loaded HTTP run (default 10)
  --connections <c>    autocannon connections (default 50)
  --seed <int>         seed of the data and the search points (default 42)
  --keep-indexes       fill with the indexes in place (slower) instead of rebuilding them after
  --skip-http          database measurements only
  --keep-database      leave the PostgreSQL tf_bench_* database in place for inspection (drop it yourself)
Environment: BENCH_DATABASE_URL=postgres://user@host:port/db  (a server; a tf_bench_* database is created and dropped)`);
  process.exit(0);
}

export const N = count('n', args.n);
export const QUERIES = count('queries', args.queries);
export const WARMUP = count('warmup', args.warmup);
export const HTTP_SECONDS = count('duration', args.duration);
export const CONNECTIONS = count('connections', args.connections);
export const SEED = count('seed', args.seed);
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL || undefined;
export const which = args.db ?? (POSTGRES_URL ? 'both' : 'pglite');
if (!['pglite', 'postgres', 'both'].includes(which))
  throw new Error('--db: pglite, postgres or both');
if (which !== 'pglite' && !POSTGRES_URL)
  throw new Error('--db postgres needs BENCH_DATABASE_URL=postgres://… (a PostgreSQL server)');

export const RADIUS = 25;
export const EXPLAIN_AT = metros.find((m) => m.name === 'Chicago')!;
export const SERVER_TIMING_SAMPLES = 100;
