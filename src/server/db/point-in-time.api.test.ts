import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  baseBackupForRecovery,
  startPrimary,
  walArchive,
  type Cluster,
} from '../test/pg-cluster.ts';
import { rmSync } from 'node:fs';

/**
 * The point-in-time restore of docs/operations.md "Backups", done for real on clusters of this
 * test's own: WAL archived by archive_command, a base backup, a mistake after a restore point,
 * and a server restored from the backup and the archive to just before the mistake. Needs
 * PostgreSQL's programs: the PostgreSQL pass only.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.skipIf(!onPostgres)('point-in-time restore (skipped on PGlite)', () => {
  const cleanUps: (() => void)[] = [];
  afterAll(() => {
    for (const cleanUp of cleanUps.reverse()) cleanUp();
  });

  const query = async <T>(cluster: Cluster, text: string) => {
    const client = new pg.Client({ connectionString: cluster.url() });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  };

  it('restores a base backup and the archived WAL to the moment before a mistake', async () => {
    const archive = walArchive();
    cleanUps.push(() => rmSync(archive, { recursive: true, force: true }));
    const primary = await startPrimary({ archiveTo: archive });
    cleanUps.push(() => primary.remove());
    await query(primary, 'create table bookings_kept (n int)');
    await query(primary, 'insert into bookings_kept values (1)');
    const backup = await baseBackupForRecovery(primary, archive);
    cleanUps.push(() => backup.remove());

    // After the backup: a booking worth keeping, the restore point, then the mistake.
    await query(primary, 'insert into bookings_kept values (2)');
    await query(primary, "select pg_create_restore_point('before-the-mistake')");
    await query(primary, 'delete from bookings_kept');
    await query(primary, 'insert into bookings_kept values (3)');
    // The segment holding all that is archived once it is finished.
    const { wal } = (
      await query<{ wal: string }>(primary, 'select pg_walfile_name(pg_switch_wal()) as wal')
    )[0]!;
    for (let waited = 0; ; waited += 100) {
      const { last } = (
        await query<{ last: string | null }>(
          primary,
          'select last_archived_wal as last from pg_stat_archiver',
        )
      )[0]!;
      if (last !== null && last >= wal) break;
      if (waited > 30_000) throw new Error(`${wal} not archived in 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const restored = await backup.start('before-the-mistake');
    cleanUps.push(() => restored.remove());
    for (let waited = 0; ; waited += 100) {
      const { recovering } = (
        await query<{ recovering: boolean }>(restored, 'select pg_is_in_recovery() as recovering')
      )[0]!;
      if (!recovering) break;
      if (waited > 30_000) throw new Error('the restored server was not promoted in 30 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const rows = await query<{ n: number }>(restored, 'select n from bookings_kept order by n');
    expect(rows).toEqual([{ n: 1 }, { n: 2 }]);
    // Promoted: it takes writes again.
    await query(restored, 'insert into bookings_kept values (4)');
  }, 120_000);
});
