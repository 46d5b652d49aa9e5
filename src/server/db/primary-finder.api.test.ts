import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { startPrimary, startStandby, type Cluster } from '../test/pg-cluster.ts';
import { inject } from '../test/test-app.ts';
import { openDatabase, selectRows, type DatabaseHandle } from './client.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { connectionRoute } from './primary-finder.ts';
import { runOnce } from './run-once.ts';

/**
 * Failover (decision 075) against a primary and a synchronous standby of this test's own (initdb +
 * pg_basebackup on free loopback ports, removed afterwards): the URL names the standby first, the
 * pool and LISTEN find the primary, and after the primary is killed and the standby promoted they
 * find the new primary by themselves. Needs PostgreSQL's programs: the PostgreSQL pass only.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.skipIf(!onPostgres)('failover (skipped on PGlite: needs TEST_DATABASE_URL)', () => {
  let primary: Cluster;
  let standby: Cluster;
  let database: DatabaseHandle | undefined;
  beforeAll(async () => {
    primary = await startPrimary();
    await runOnce(primary.url(), 'create database tf_failover');
    standby = await startStandby(primary, { synchronous: true });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    standby?.remove();
    primary?.remove();
  });

  const until = async <T>(what: () => Promise<T | undefined>, ms = 30_000): Promise<T> => {
    for (const started = Date.now(); ;) {
      const value = await what().catch(() => undefined);
      if (value !== undefined) return value;
      if (Date.now() - started > ms) throw new Error('not in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const serverPort = async (db: DatabaseHandle) =>
    (await selectRows<{ port: number }>(db.db, sql`select inet_server_port() as port`))[0]!.port;

  it('connects to the primary of a host list, and after a promotion to the new one, LISTEN too', async () => {
    const url = `postgres://postgres@127.0.0.1:${standby.port},127.0.0.1:${primary.port}/tf_failover?target_session_attrs=read-write`;
    // A client ended while it looks for the primary never connects (pg's end() alone would not
    // stop it: there is no socket yet).
    const route = connectionRoute(url);
    const early = new route.Client({ connectionString: route.url });
    const connecting = early.connect();
    await early.end();
    await expect(connecting).rejects.toThrow(/closed before it was made/);

    database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 4 });
    expect(await serverPort(database)).toBe(primary.port);

    const heard: string[] = [];
    let relistened = 0;
    await database.listen(
      'tf_failover_test',
      (payload) => heard.push(payload),
      () => (relistened += 1),
    );
    await database.db.execute(sql`select pg_notify('tf_failover_test', 'before')`);
    await until(async () => (heard.includes('before') ? true : undefined));

    // A commit acknowledged by the primary is on the synchronous standby before the kill.
    await database.db.execute(sql`create table acknowledged (n int)`);
    await database.db.execute(sql`insert into acknowledged values (1)`);
    await primary.stop('immediate');

    // While no server takes writes: an error the HTTP layer answers 503 with Retry-After.
    const refused = await database.db.execute(sql`select 1`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(refused)).toBe(true);

    const promotedAt = Date.now();
    await standby.promote();
    const port = await until(() => serverPort(database!));
    expect(port).toBe(standby.port);
    const rows = await selectRows<{ n: number }>(database.db, sql`select n from acknowledged`);
    expect(rows).toEqual([{ n: 1 }]);
    await database.db.execute(sql`insert into acknowledged values (2)`);

    await until(async () => (relistened > 0 ? true : undefined));
    await database.db.execute(sql`select pg_notify('tf_failover_test', 'after')`);
    await until(async () => (heard.includes('after') ? true : undefined));
    expect(Date.now() - promotedAt).toBeLessThan(30_000);
  }, 90_000);

  it('answers 503 with Retry-After while no server of the list takes writes', async () => {
    // The promoted standby alone, then stopped too: every connection is refused.
    const app = await buildApp({
      ...loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: 'memory://',
        RUN_JOBS: 'false',
      }),
      databaseUrl: `postgres://postgres@127.0.0.1:${standby.port}/tf_failover?target_session_attrs=read-write`,
    });
    await app.ready();
    try {
      // The old standby is the primary now: the app works on it.
      expect((await inject(app, { method: 'GET', url: '/api/providers/summary' })).statusCode).toBe(
        200,
      );
      await standby.stop('immediate');
      // app.inject: the test helper refuses any 5xx.
      const response = await app.inject({ method: 'GET', url: '/api/providers/summary' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBeDefined();
      expect(response.json()).toMatchObject({ error: 'Service unavailable' });
    } finally {
      await app.close();
    }
  }, 90_000);
});
