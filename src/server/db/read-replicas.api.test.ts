import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { runOnce } from './run-once.ts';
import { loadConfig } from '../config.ts';
import { startPrimary, startStandby, type Cluster } from '../test/pg-cluster.ts';
import { createCast } from '../test/cast.ts';
import { inject, signUp } from '../test/test-app.ts';
import { insertOwnedProvider } from '../test/providers.ts';

/**
 * Reads on a streaming replica (decision 074), against a primary and a hot standby of this test's
 * own (initdb + pg_basebackup on free loopback ports, removed afterwards). It needs PostgreSQL's
 * programs, so it runs in the PostgreSQL pass (TEST_DATABASE_URL), like the two-server test.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.skipIf(!onPostgres)('read replicas (skipped on PGlite: needs TEST_DATABASE_URL)', () => {
  let primary: Cluster;
  let standby: Cluster;
  beforeAll(async () => {
    primary = await startPrimary();
    standby = await startStandby(primary);
  }, 120_000);
  afterAll(() => {
    standby?.remove();
    primary?.remove();
  });

  const appOn = async (maxLag: number) => {
    const app = await buildApp({
      ...loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: 'memory://',
        RUN_JOBS: 'false',
      }),
      databaseUrl: primary.url(),
      databaseReadUrls: [standby.url()],
      readMaxLagSeconds: maxLag,
      searchCacheSeconds: 0,
    });
    await app.ready();
    return app;
  };
  const health = async (app: Awaited<ReturnType<typeof appOn>>) =>
    (await inject(app, { method: 'GET', url: '/api/health' })).json();
  const until = async (what: () => Promise<boolean>, ms = 30_000) => {
    for (const started = Date.now(); !(await what());) {
      if (Date.now() - started > ms) throw new Error('not in time');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const onStandby = (statement: string) => runOnce(standby.url(), statement);

  it('reads a provider’s page and the admin figures on the replica, a writer’s own reads on the primary, and skips a replica behind or down', async () => {
    const app = await appOn(3_600);
    try {
      await until(async () => (await health(app)).replicas?.[0]?.inUse === true);
      const [state] = (await health(app)).replicas;
      expect(state).toMatchObject({ replica: 1, inUse: true });
      expect(state.lagSeconds).toBeGreaterThanOrEqual(0);

      const { admin } = await createCast(app);
      const totalUsers = async (cookie: string) =>
        (
          await inject(app, { method: 'GET', url: '/api/admin/dashboard', headers: { cookie } })
        ).json().totalUsers as number;
      await until(
        async () =>
          (await totalUsers(admin.cookie)) === (await totalUsers(`${admin.cookie}; tf_wrote=1`)),
      );

      // The replica stops replaying: what the primary gets now is not on it.
      await onStandby('select pg_wal_replay_pause()');
      const owner = await signUp(app);
      const provider = await insertOwnedProvider(app.database.db, owner.user.id);
      const page = `/api/providers/${provider.id}`;
      // Its owner sees it wherever it is, listed or not: read as them, without the cookie.
      const read = (on: typeof app, cookie = owner.cookie) =>
        inject(on, { method: 'GET', url: page, headers: { cookie } });
      expect((await read(app)).statusCode).toBe(404);
      // The owner has just written (a change answered with the cookie): theirs is the primary's.
      const changed = await inject(app, {
        method: 'PATCH',
        url: `/api/users/${owner.user.id}`,
        headers: { cookie: owner.cookie },
        payload: { name: 'Pat Replica' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const wrote = changed.cookies.find((cookie) => cookie.name === 'tf_wrote');
      expect(wrote?.maxAge).toBeGreaterThan(0);
      expect((await read(app, `${owner.cookie}; tf_wrote=1`)).statusCode).toBe(200);
      expect((await read(app)).statusCode).toBe(404);
      // The admin dashboard's figures too: the new account is counted on the primary only.
      expect(await totalUsers(`${admin.cookie}; tf_wrote=1`)).toBe(
        (await totalUsers(admin.cookie)) + 1,
      );

      // Allowed 1 s behind, the paused replica is skipped: everyone reads the primary.
      const strict = await appOn(1);
      try {
        await until(async () => (await health(strict)).replicas?.[0]?.problem === 'behind');
        expect((await read(strict)).statusCode).toBe(200);
      } finally {
        await strict.close();
      }

      // Replaying again it catches up and reads go back to it, with the provider now there.
      await onStandby('select pg_wal_replay_resume()');
      await until(async () => (await read(app)).statusCode === 200);

      // Cut off from the primary (no WAL comes in), it has replayed all it received, yet falls
      // behind as the primary writes on: skipped once more than the allowed second behind.
      await onStandby("alter system set primary_conninfo = ''");
      await onStandby('select pg_reload_conf()');
      const cutOff = await appOn(1);
      try {
        await signUp(app);
        await until(async () => (await health(cutOff)).replicas?.[0]?.problem === 'behind');
      } finally {
        await cutOff.close();
      }

      // Down, it is skipped; the server stays healthy and answers from the primary.
      await standby.stop('immediate');
      await until(async () => (await health(app)).replicas?.[0]?.problem === 'unreachable');
      const answer = await inject(app, { method: 'GET', url: '/api/health' });
      expect(answer.statusCode).toBe(200);
      expect((await read(app)).statusCode).toBe(200);
      await standby.start();
      await until(async () => (await health(app)).replicas?.[0]?.inUse === true);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('needs DATABASE_URL for DATABASE_READ_URLS, and postgres:// addresses', () => {
    expect(() => loadConfig({ DATABASE_READ_URLS: 'postgres://r1/db' })).toThrow(
      /DATABASE_READ_URLS: set it with DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://p/db', DATABASE_READ_URLS: 'postgres://r1/db, r2' }),
    ).toThrow(/expected postgres:\/\/ URLs/);
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://p/db',
        DATABASE_READ_URLS: 'postgres://r1/db, postgres://r2/db',
      }).databaseReadUrls,
    ).toEqual(['postgres://r1/db', 'postgres://r2/db']);
  });
});
