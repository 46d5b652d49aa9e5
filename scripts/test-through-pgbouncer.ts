/**
 * The API suite's booking and search tests through PgBouncer in transaction mode (decision 073):
 * started on a free port in front of TEST_DATABASE_URL's server, the tests' queries go through it
 * with named prepared statements off (Debian's PgBouncer 1.18 keeps none), LISTEN and the
 * migrations' lock on the direct connection (DATABASE_LISTEN_URL). `npm run test:api` runs it
 * after the PostgreSQL pass when PgBouncer is installed.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { startPgBouncer } from './lib/pgbouncer.ts';

const FILES = [
  'src/server/modules/bookings/bookings.api.test.ts',
  'src/server/modules/bookings/team-bookings.api.test.ts',
  'src/server/modules/providers/search.api.test.ts',
  'src/server/modules/providers/search-concurrent.api.test.ts',
  'src/server/modules/providers/search-paging.api.test.ts',
  'src/server/modules/providers/along-route.api.test.ts',
];

const direct = process.env.TEST_DATABASE_URL;
if (!direct) throw new Error('TEST_DATABASE_URL: the PostgreSQL server behind the pooler');
const bouncer = await startPgBouncer(direct);
let status = 1;
try {
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...FILES], {
    stdio: 'inherit',
    env: {
      ...process.env,
      TEST_DATABASE_URL: bouncer.url,
      TEST_DATABASE_LISTEN_URL: direct,
      TEST_DATABASE_PREPARED_STATEMENTS: 'false',
    },
  });
  status = result.status ?? 1;
  // The queries went through the pooler: its own count of what it passed on.
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(bouncer.url), { pathname: '/pgbouncer' }).toString(),
  });
  await admin.connect();
  const { rows } = await admin.query<{ total_query_count: string }>('SHOW STATS');
  await admin.end();
  const queries = rows.reduce((sum, row) => sum + Number(row.total_query_count), 0);
  console.log(`\nPgBouncer (transaction mode) passed on ${queries} queries`);
  if (status === 0 && queries < 1000) {
    console.error('too few queries went through PgBouncer');
    status = 1;
  }
} finally {
  await bouncer.stop();
}
process.exit(status);
