import { execFile, execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import pg from 'pg';
import { runOnce } from '../db/run-once.ts';

const execFileAsync = promisify(execFile);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Debian's PostgreSQL programs (the newest installed major). */
const BIN = (() => {
  const majors = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (majors.length === 0) throw new Error('no PostgreSQL in /usr/lib/postgresql');
  return join('/usr/lib/postgresql', majors[0]!, 'bin');
})();

const asRoot = process.getuid?.() === 0;
const POSTGRES = (() => {
  const line = execFileSync('id', ['-u', 'postgres']).toString().trim();
  const group = execFileSync('id', ['-g', 'postgres']).toString().trim();
  return { uid: Number(line), gid: Number(group) };
})();

/**
 * Runs a PostgreSQL program as `postgres` (PostgreSQL refuses root), without blocking this
 * process: the clients of a fault run keep going while the server stops and starts.
 */
async function run(program: string, args: string[]) {
  const command = join(BIN, program);
  await (asRoot
    ? execFileAsync('runuser', ['-u', 'postgres', '--', command, ...args])
    : execFileAsync(command, args));
}

export interface Cluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** `pg_ctl stop -m <mode>`: `immediate` is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Promotes a standby to a primary. */
  promote(): Promise<void>;
  /** Stops it if it runs and removes its folder. */
  remove(): void;
  /** The postmaster's process id while it runs (its first line of postmaster.pid). */
  pid(): number;
}

function cluster(dir: string, port: number): Cluster {
  const log = join(dir, 'server.log');
  let running = false;
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await run('pg_ctl', ['-D', join(dir, 'data'), '-l', log, '-w', '-t', '60', 'start']);
      running = true;
    },
    async stop(mode = 'fast') {
      await run('pg_ctl', ['-D', join(dir, 'data'), '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    pid: () => Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]),
    async promote() {
      await run('pg_ctl', ['-D', join(dir, 'data'), '-w', '-t', '60', 'promote']);
    },
    remove() {
      if (running) {
        const command = join(BIN, 'pg_ctl');
        const args = ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop'];
        try {
          if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args]);
          else execFileSync(command, args);
        } catch {
          // Already down.
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits (up to 30 s) until the primary streams to a standby in the given mode. */
async function untilReplicating(primary: Cluster, mode: 'sync' | 'async') {
  const client = new pg.Client({ connectionString: primary.url() });
  await client.connect();
  try {
    for (let waited = 0; waited < 30_000; waited += 100) {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_replication where state = 'streaming' and sync_state = $1",
        [mode],
      );
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the standby did not start streaming (${mode}) within 30 s`);
  } finally {
    await client.end();
  }
}

/** A folder `postgres` may write in. */
function folder(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o700);
  if (asRoot) chownSync(dir, POSTGRES.uid, POSTGRES.gid);
  return dir;
}

const settings = (dir: string, port: number) =>
  [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    'wal_level = replica',
    'max_wal_senders = 5',
    'hot_standby = on',
    'fsync = off',
    'shared_buffers = 32MB',
    'max_connections = 60',
  ].join('\n');

/**
 * A primary of its own (initdb, trust on loopback, replication allowed) on a free port, started,
 * in a temporary folder: never the machine's shared server.
 */
export async function startPrimary({ archiveTo }: { archiveTo?: string } = {}): Promise<Cluster> {
  const dir = folder('tf-pg-primary-');
  const port = await freePort();
  await run('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  // With `archiveTo` (a folder from walArchive()): each finished WAL segment is copied there, as
  // docs/operations.md "Backups" sets up.
  const archiving = archiveTo
    ? `\narchive_mode = on\narchive_command = 'test ! -f ${archiveTo}/%f && cp %p ${archiveTo}/%f'\n`
    : '';
  appendFileSync(join(dir, 'data', 'postgresql.conf'), `\n${settings(dir, port)}\n${archiving}`);
  appendFileSync(
    join(dir, 'data', 'pg_hba.conf'),
    '\nhost replication postgres 127.0.0.1/32 trust\n',
  );
  const primary = cluster(dir, port);
  await primary.start();
  return primary;
}

/**
 * A streaming standby of `primary` (pg_basebackup -R), hot, on a free port, started. A
 * `synchronous` one is waited for by every commit on the primary (synchronous_standby_names), so
 * a commit the primary acknowledged is on the standby too; promoted, it waits for no standby.
 */
export async function startStandby(
  primary: Cluster,
  { synchronous = false } = {},
): Promise<Cluster> {
  const dir = folder('tf-pg-standby-');
  const port = await freePort();
  await run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    join(dir, 'data'),
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  appendFileSync(
    join(dir, 'data', 'postgresql.conf'),
    `\n${settings(dir, port)}\nsynchronous_standby_names = ''\n`,
  );
  const standby = cluster(dir, port);
  await standby.start();
  if (synchronous) {
    await runOnce(primary.url(), "alter system set synchronous_standby_names = '*'");
    await runOnce(primary.url(), 'select pg_reload_conf()');
  }
  await untilReplicating(primary, synchronous ? 'sync' : 'async');
  return standby;
}

/** A folder for archived WAL segments that `postgres` may write in. */
export const walArchive = () => folder('tf-pg-wal-');

/**
 * A server restored from a base backup of `primary` taken now (`pg_basebackup`), replaying the
 * archived WAL in `archive` up to the restore point `target` (pg_create_restore_point) and then
 * promoted, as docs/operations.md "Backups" tells an operator. Returns `start` to run it once the
 * WAL past the backup has been archived.
 */
export async function baseBackupForRecovery(primary: Cluster, archive: string) {
  const dir = folder('tf-pg-restored-');
  const port = await freePort();
  await run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    join(dir, 'data'),
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  return {
    async start(target: string): Promise<Cluster> {
      appendFileSync(
        join(dir, 'data', 'postgresql.conf'),
        [
          '',
          settings(dir, port),
          'archive_mode = off',
          `restore_command = 'cp ${archive}/%f %p'`,
          `recovery_target_name = '${target}'`,
          "recovery_target_action = 'promote'",
          '',
        ].join('\n'),
      );
      appendFileSync(join(dir, 'data', 'recovery.signal'), '');
      if (asRoot) chownSync(join(dir, 'data', 'recovery.signal'), POSTGRES.uid, POSTGRES.gid);
      const restored = cluster(dir, port);
      await restored.start();
      return restored;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
