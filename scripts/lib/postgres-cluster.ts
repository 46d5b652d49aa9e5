/**
 * A throw-away PostgreSQL cluster for scripts that must stop and start the database (the fault
 * run): initdb into a temporary folder, one port on 127.0.0.1, its socket in that folder. When
 * this process runs as root, the server's commands run as the `postgres` user, as PostgreSQL
 * refuses to run as root.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export interface PostgresCluster {
  url: (database: string) => string;
  port: number;
  /** Asynchronous, so the caller's clients keep running while the server stops and starts. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops the server (if running) and deletes the folder. */
  destroy(): void;
}

/** The newest PostgreSQL server binaries on the machine (Debian keeps them per version). */
function findBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error('No PostgreSQL server binaries found under /usr/lib/postgresql/*/bin');
  return path.join(root, versions[0], 'bin');
}

export function createPostgresCluster(port: number): PostgresCluster {
  const bin = findBinDir();
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tf-faults-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    root
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
  const run = async (tool: string, args: string[]) => {
    await execFileAsync(...command(tool, args), { cwd: dir });
  };
  let running = false;

  execFileSync(
    ...command('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]),
    { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const cluster: PostgresCluster = {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
      running = true;
    },
    async stop(mode = 'fast') {
      await run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    destroy() {
      if (running) {
        try {
          execFileSync(...command('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']), {
            cwd: dir,
            stdio: 'ignore',
          });
        } catch {
          // already gone
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}
