// Runs the API suite on the embedded database (PGlite), then again on PostgreSQL when
// TEST_DATABASE_URL is set (each test file gets its own fresh database there), its booking
// and search tests through PgBouncer (scripts/test-through-pgbouncer.ts), and a short failover
// run: two app servers booking while the primary dies and its standby is promoted
// (scripts/faults.ts --failover, on clusters of its own).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (label, env) => {
  console.log(`\n▶ API tests on ${label}`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const { TEST_DATABASE_URL, ...embedded } = process.env;
run('PGlite (embedded)', embedded);
if (TEST_DATABASE_URL) {
  run(`PostgreSQL (${new URL(TEST_DATABASE_URL).host})`, process.env);
  // The booking and search tests again through PgBouncer in transaction mode (.ci/run installs it).
  if (existsSync('/usr/sbin/pgbouncer')) {
    console.log('\n▶ API booking and search tests through PgBouncer (transaction mode)');
    const result = spawnSync('npx', ['tsx', 'scripts/test-through-pgbouncer.ts'], {
      stdio: 'inherit',
      env: process.env,
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  } else {
    console.log('\n▶ PgBouncer is not installed (apt-get install pgbouncer): its pass did not run');
  }
  console.log('\n▶ Failover: two app servers booking, the primary killed, its standby promoted');
  const failover = spawnSync(
    'npx',
    ['tsx', 'scripts/faults.ts', '--failover', '--before', '3', '--downtime', '1', '--after', '6'],
    { stdio: 'inherit', env: process.env },
  );
  if (failover.status !== 0) process.exit(failover.status ?? 1);
}
