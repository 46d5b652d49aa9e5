import { ConfigError, type Config } from './config.ts';
import type { Executor } from './db/client.ts';
import { findDemoAccounts } from './db/seed/demo-accounts.ts';
import { demoAccounts } from '../core/demo-accounts.ts';
import { countUsers } from './modules/users/index.ts';
import { isLoopbackHost, isPublicServer } from './public-address.ts';

const SHOWN = 3;

type GuardConfig = Pick<Config, 'host' | 'publicUrl' | 'seedDemo' | 'seedDemoExplicit'>;

/**
 * Refuses to serve the demo accounts, whose password README prints, beyond this machine unless
 * SEED_DEMO=true says so explicitly (docs/decisions/015-public-server-safety.md). Runs before
 * seeding, so a refused start leaves an empty database empty.
 */
export async function refuseDemoAccountsOnPublicServer(
  config: GuardConfig,
  db: Executor,
): Promise<void> {
  if (!isPublicServer(config)) return;
  if (config.seedDemo && config.seedDemoExplicit) return;
  const found = await findDemoAccounts(db, SHOWN);
  const wouldSeed = found.length === 0 && config.seedDemo && (await countUsers(db)) === 0;
  if (found.length === 0 && !wouldSeed) return;

  const more = (emails: string[]) =>
    emails.join(', ') + (wouldSeed || found.length === SHOWN ? ', …' : '');
  const demo = wouldSeed
    ? `demo data is seeded by default here (npm start, or NODE_ENV=development) and would fill the empty database with demo accounts (${more([demoAccounts.admin, demoAccounts.mechanic, demoAccounts.driver])})`
    : `the database holds demo accounts (${more(found)})`;
  const reachable = isLoopbackHost(config.host)
    ? `PUBLIC_URL is ${config.publicUrl}`
    : `it listens on ${config.host}`;
  throw new ConfigError(
    [
      `Refusing to start: this server is meant for other machines (${reachable}), and ${demo} whose password is printed in the README.`,
      'To start, either:',
      '  - set SEED_DEMO=false and use a database without demo accounts (a new DATA_DIR or DATABASE_URL), or',
      '  - set SEED_DEMO=true explicitly to accept them (a demo server only), or',
      '  - listen on loopback only (HOST=127.0.0.1) with an http PUBLIC_URL on loopback.',
    ].join('\n'),
  );
}
