import { execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

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

/** Runs a PostgreSQL program as `postgres` (PostgreSQL refuses root). */
function run(program: string, args: string[]) {
  const command = join(BIN, program);
  return asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
    : execFileSync(command, args, { stdio: 'pipe' });
}

export interface Cluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** `pg_ctl stop -m <mode>`: `immediate` is a crash. */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  /** Promotes a standby to a primary. */
  promote(): void;
  /** Stops it if it runs and removes its folder. */
  remove(): void;
}

function cluster(dir: string, port: number): Cluster {
  const log = join(dir, 'server.log');
  let running = false;
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start() {
      run('pg_ctl', ['-D', join(dir, 'data'), '-l', log, '-w', '-t', '60', 'start']);
      running = true;
    },
    stop(mode = 'fast') {
      run('pg_ctl', ['-D', join(dir, 'data'), '-m', mode, '-w', 'stop']);
      running = false;
    },
    promote() {
      run('pg_ctl', ['-D', join(dir, 'data'), '-w', 'promote']);
    },
    remove() {
      if (running) {
        try {
          this.stop('immediate');
        } catch {
          // Already down.
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
export async function startPrimary(): Promise<Cluster> {
  const dir = folder('tf-pg-primary-');
  const port = await freePort();
  run('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  appendFileSync(join(dir, 'data', 'postgresql.conf'), `\n${settings(dir, port)}\n`);
  appendFileSync(
    join(dir, 'data', 'pg_hba.conf'),
    '\nhost replication postgres 127.0.0.1/32 trust\n',
  );
  const primary = cluster(dir, port);
  primary.start();
  return primary;
}

/** A streaming standby of `primary` (pg_basebackup -R), hot, on a free port, started. */
export async function startStandby(primary: Cluster): Promise<Cluster> {
  const dir = folder('tf-pg-standby-');
  const port = await freePort();
  run('pg_basebackup', [
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
  appendFileSync(join(dir, 'data', 'postgresql.conf'), `\n${settings(dir, port)}\n`);
  const standby = cluster(dir, port);
  standby.start();
  return standby;
}
