import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { restoreDrill } from './restore-drill.ts';

/** `npm run db:drill` on the demo data, on the PostgreSQL server of TEST_DATABASE_URL. */
const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.skipIf(!onPostgres)(
  'the restore drill (skipped on PGlite: needs TEST_DATABASE_URL)',
  () => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      t = await createTestApp({ seedDemo: true });
    }, 120_000);
    afterAll(() => t?.close());

    it('dumps the database, restores it beside it with the same counts and checksums, and drops the copy', async () => {
      // The database stays in use meanwhile: one account's name changes every few milliseconds.
      const busy = new pg.Client({ connectionString: t.config.databaseUrl });
      await busy.connect();
      let writing = true;
      const writes = (async () => {
        for (let i = 0; writing; i += 1)
          await busy.query(`update users set name = $1 where email = 'driver@truckfinder.test'`, [
            `Driver ${i}`,
          ]);
      })();
      const report = await restoreDrill(t.config.databaseUrl!).finally(async () => {
        writing = false;
        await writes;
        await busy.end();
      });
      const users = report.tables.find((table) => table.table === 'users');
      expect(report.tables.length).toBeGreaterThan(50);
      expect(users!.rows).toBeGreaterThan(3);
      expect(report.dumpBytes).toBeGreaterThan(10_000);
      const client = new pg.Client({ connectionString: t.config.databaseUrl });
      await client.connect();
      const { rows } = await client.query('select datname from pg_database where datname like $1', [
        `${new URL(t.config.databaseUrl!).pathname.slice(1)}_drill_%`,
      ]);
      await client.end();
      expect(rows).toEqual([]);
    }, 120_000);
  },
);
