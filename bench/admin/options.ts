/** The arguments of `npm run bench:admin` and the constants derived from them. */
import { parseArgs } from 'node:util';
import { count } from '../lib/args.ts';

export const { values: args } = parseArgs({
  options: {
    bookings: { type: 'string', default: '1000000' },
    users: { type: 'string', default: '2000' },
    providers: { type: 'string', default: '1000' },
    requests: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    seed: { type: 'string', default: '42' },
    'keep-database': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help) {
  console.log(`npm run bench:admin -- [options]
  --bookings <count>   bookings to generate over the last 400 days (default 1000000; 1e6 or 1_000_000 work)
  --users <count>      drivers and mechanics (default 2000)
  --providers <count>  service providers, one per mechanic (default 1000)
  --requests <count>   measured requests of each route (default 200)
  --warmup <count>     requests of each route before measuring (default 20)
  --seed <int>         seed of the data (setseed) (default 42)
  --keep-database      leave the tf_bench_admin_* database in place for inspection (drop it yourself)
Environment: BENCH_DATABASE_URL=postgres://user@host:port/db  (default postgres://postgres@127.0.0.1:5432/postgres;
  a tf_bench_admin_* database is created there and dropped at the end)`);
  process.exit(0);
}

export const BOOKINGS = count('bookings', args.bookings);
export const USERS = count('users', args.users);
export const PROVIDERS = count('providers', args.providers);
export const REQUESTS = count('requests', args.requests);
export const WARMUP = count('warmup', args.warmup);
export const SEED = count('seed', args.seed);
/** A tenth more mechanics than businesses (some have none yet); the other users drive. */
export const MECHANICS = Math.ceil(PROVIDERS * 1.1);
export const DRIVERS = USERS - MECHANICS;
if (DRIVERS < 1)
  throw new Error(`--users must exceed ${MECHANICS} (1.1 mechanics per provider, plus drivers)`);
export const SERVER_URL =
  process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const DAYS = 400;
export const SERVER_TIMING_SAMPLES = 10;
export const ADMIN = { email: 'admin@bench.test', password: 'bench admin password' };
