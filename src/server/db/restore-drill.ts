import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { runOnce } from './run-once.ts';
import { checksumDifferences, tableChecksums, type TableChecksum } from './table-checksums.ts';

const run = promisify(execFile);

/** Debian's PostgreSQL client programs, of the newest major installed (it must not be older than the server). */
function program(name: string) {
  const majors = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (majors.length === 0) throw new Error('no PostgreSQL programs in /usr/lib/postgresql');
  return join('/usr/lib/postgresql', majors[0]!, 'bin', name);
}

export interface DrillReport {
  dumpBytes: number;
  dumpMs: number;
  restoreMs: number;
  tables: TableChecksum[];
}

/**
 * The backup's proof (`npm run db:drill`, docs/operations.md): dumps the database of `url` with
 * pg_dump, restores the dump into a new database on the same server, compares every table's row
 * count and checksum, and drops the copy. Throws, naming the tables, when they differ.
 */
export async function restoreDrill(url: string): Promise<DrillReport> {
  const folder = mkdtempSync(join(tmpdir(), 'tf-drill-'));
  const dump = join(folder, 'backup.dump');
  const base = new URL(url).pathname.slice(1).slice(0, 45);
  const copyName = `${base}_drill_${randomBytes(4).toString('hex')}`;
  const copy = Object.assign(new URL(url), { pathname: `/${copyName}` }).toString();
  const maintenance = Object.assign(new URL(url), { pathname: '/postgres' }).toString();
  const admin = (statement: string) => runOnce(maintenance, statement);
  // The password, if any, goes to the programs in their environment, not on a command line.
  const bare = new URL(url);
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(bare.password) };
  bare.password = '';
  const copyBare = Object.assign(new URL(bare), { pathname: `/${copyName}` }).toString();
  // The checksums and the dump read the same snapshot, so a database in use compares as it was.
  const source = new pg.Client({ connectionString: url });
  await source.connect();
  try {
    await source.query('begin isolation level repeatable read read only');
    const { rows } = await source.query<{ snapshot: string }>(
      'select pg_export_snapshot() as snapshot',
    );
    const before = await tableChecksums(source);
    let started = performance.now();
    await run(
      program('pg_dump'),
      ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, '--file', dump, bare.toString()],
      { env },
    );
    const dumpMs = performance.now() - started;
    await source.query('commit');
    await admin(`create database ${pg.escapeIdentifier(copyName)}`);
    try {
      started = performance.now();
      await run(
        program('pg_restore'),
        ['--no-owner', '--no-privileges', '--dbname', copyBare, dump],
        {
          env,
        },
      );
      const restoreMs = performance.now() - started;
      const restored = new pg.Client({ connectionString: copy });
      await restored.connect();
      const after = await tableChecksums(restored).finally(() => restored.end());
      const differences = checksumDifferences(before, after);
      if (differences.length > 0)
        throw new Error(`the restored copy differs: ${differences.join('; ')}`);
      return { dumpBytes: statSync(dump).size, dumpMs, restoreMs, tables: after };
    } finally {
      await admin(`drop database if exists ${pg.escapeIdentifier(copyName)} with (force)`);
    }
  } finally {
    await source.end();
    rmSync(folder, { recursive: true, force: true });
  }
}
