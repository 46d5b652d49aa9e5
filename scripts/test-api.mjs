// Runs the API suite on the embedded database (PGlite), then again on PostgreSQL when
// TEST_DATABASE_URL is set (each test file gets its own fresh database there).
import { spawnSync } from 'node:child_process';

const run = (label, env) => {
  console.log(`\n▶ API tests on ${label}`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const { TEST_DATABASE_URL, ...embedded } = process.env;
run('PGlite (embedded)', embedded);
if (TEST_DATABASE_URL) run(`PostgreSQL (${new URL(TEST_DATABASE_URL).host})`, process.env);
