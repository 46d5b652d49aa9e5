import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../test/event-stream.ts';
import { createTestApp } from '../test/test-app.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!onPostgres)(
  'LISTEN on PostgreSQL across lost connections (skipped on PGlite: needs TEST_DATABASE_URL)',
  () => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    let admin: pg.Client;

    beforeAll(async () => {
      t = await createTestApp();
      admin = new pg.Client({ connectionString: t.config.databaseUrl });
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.end();
      await t?.close();
    });

    /** Ends the server side of every connection listening on `channel`, as a restart does; their pids. */
    const dropListeners = async (channel: string) =>
      (
        await admin.query<{ pid: number }>(
          `select pid, pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query = $1`,
          [`listen "${channel}"`],
        )
      ).rows.map((row) => row.pid);
    /**
     * Connections whose LISTEN on `channel` has completed. A terminated backend can still show
     * for a moment, so the pids just dropped are left out.
     */
    const listeners = async (channel: string, dropped: number[] = []) =>
      (
        await admin.query(
          `select 1 from pg_stat_activity
           where datname = current_database() and query = $1 and state = 'idle'
             and not (pid = any($2::int[]))`,
          [`listen "${channel}"`, dropped],
        )
      ).rowCount ?? 0;
    const notify = (channel: string, payload: string) =>
      admin.query('select pg_notify($1, $2)', [channel, payload]);

    it('listens again after its connection is dropped, and hears what is sent after', async () => {
      const heard: string[] = [];
      const { stop } = await t.app.database.listen('client_test_relisten', (p) => heard.push(p));
      try {
        const dropped = await dropListeners('client_test_relisten');
        expect(dropped).toHaveLength(1);
        for (
          let waited = 0;
          (await listeners('client_test_relisten', dropped)) === 0;
          waited += 50
        ) {
          expect(waited).toBeLessThan(5_000);
          await sleep(50);
        }
        await notify('client_test_relisten', 'after');
        for (let waited = 0; heard.length === 0; waited += 20) {
          expect(waited).toBeLessThan(2_000);
          await sleep(20);
        }
        expect(heard).toEqual(['after']);
      } finally {
        await stop();
      }
    });

    it('ends the open event streams once it listens again, so pages reconnect and reload', async () => {
      const baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const stream = await openEventStream(baseUrl);
      try {
        expect(await dropListeners('truck_finder_events')).toHaveLength(1);
        // Events sent while nobody listened are lost: the stream ends instead of going on silently.
        await stream.ends(5_000);
        const again = await openEventStream(baseUrl);
        expect(again.ended).toBe(false);
        again.close();
      } finally {
        stream.close();
      }
    });

    it('does not listen again once stopped while waiting to reconnect', async () => {
      const { stop } = await t.app.database.listen('client_test_stopped', () => undefined);
      const dropped = await dropListeners('client_test_stopped');
      expect(dropped).toHaveLength(1);
      // The loss is noticed and the reconnection planned (its first delay is longer than this).
      await sleep(100);
      await stop();
      // Longer than the first reconnection delay.
      await sleep(1_000);
      expect(await listeners('client_test_stopped', dropped)).toBe(0);
    });
  },
);
