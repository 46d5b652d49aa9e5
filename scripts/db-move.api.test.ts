import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../src/core/demo-accounts.ts';
import { openPglite } from '../src/server/db/client.ts';
import { MoveRefused, moveEmbeddedDatabase } from '../src/server/db/move.ts';
import { runOnce } from '../src/server/db/run-once.ts';
import { seedDemoData } from '../src/server/db/seed/seed.ts';
import { databaseFileStorage } from '../src/server/storage/file-storage.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { noisePng } from '../src/server/test/png.ts';

/**
 * `npm run db:move` on the demo data: an embedded database in a folder moved into a new database
 * on the PostgreSQL server of TEST_DATABASE_URL, which is then dropped.
 */
const server = process.env.TEST_DATABASE_URL;

const admin = (statement: string) => runOnce(server!, statement);

describe.skipIf(!server)(
  'moving the embedded database to PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tf-move-'));
    const base = server ? new URL(server).pathname.slice(1) : '';
    const name = `${base.startsWith('tf_') ? base : 'tf_test'}_move${randomBytes(4).toString('hex')}`;
    const target = server
      ? Object.assign(new URL(server), { pathname: `/${name}` }).toString()
      : '';
    let photo = '';

    beforeAll(async () => {
      const embedded = await openPglite(dataDir, { createHere: true });
      await seedDemoData(embedded.db);
      photo = await databaseFileStorage(embedded.db).save(noisePng(64), 'png');
      await embedded.close();
      await admin(`create database ${name}`);
    }, 120_000);
    afterAll(async () => {
      await admin(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('copies every table with the same counts and checksums, and the app runs on the copy', async () => {
      const { tables } = await moveEmbeddedDatabase(dataDir, target);
      const byName = new Map(tables.map((table) => [table.table, table]));
      expect(tables.length).toBeGreaterThan(50);
      expect(byName.get('users')!.rows).toBeGreaterThan(3);
      expect(byName.get('service_providers')!.rows).toBeGreaterThan(10);
      expect(byName.get('stored_files')!.rows).toBe(1);

      const app = await buildApp({
        ...loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: 'memory://',
          RUN_JOBS: 'false',
        }),
        databaseUrl: target,
      });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: demoAccounts.driver, password: DEMO_PASSWORD },
        });
        expect(login.statusCode, login.body).toBe(200);
        const served = await app.inject({ method: 'GET', url: `/uploads/${photo}` });
        expect(served.statusCode).toBe(200);
        // The sequences follow: a new payment number comes after the moved ones.
        const client = new pg.Client({ connectionString: target });
        await client.connect();
        const { rows } = await client.query<{ next: string; max: string | null }>(
          `select nextval(pg_get_serial_sequence('payments', 'number'))::text as next,
                (select max(number)::text from payments) as max`,
        );
        await client.end();
        expect(BigInt(rows[0]!.next)).toBeGreaterThan(BigInt(rows[0]!.max ?? '0'));
      } finally {
        await app.close();
      }
    }, 180_000);

    it('refuses a target that is not empty', async () => {
      await expect(moveEmbeddedDatabase(dataDir, target)).rejects.toThrow(MoveRefused);
      await expect(moveEmbeddedDatabase(dataDir, target)).rejects.toThrow(/not empty/);
    }, 60_000);
  },
);
