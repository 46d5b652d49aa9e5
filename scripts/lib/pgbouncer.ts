import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './app-server.ts';

/** Debian's PgBouncer (`apt-get install pgbouncer`; .ci/run installs it). */
export const PGBOUNCER = '/usr/sbin/pgbouncer';

/**
 * A PgBouncer in transaction mode on a free loopback port, in front of the PostgreSQL server of
 * `serverUrl` (every database, as the server URL's user), from a folder of its own that `stop()`
 * removes. It refuses to run as root: started as root it runs as `postgres`.
 */
export async function startPgBouncer(serverUrl: string) {
  const server = new URL(serverUrl);
  const port = await freePort();
  const folder = mkdtempSync(join(tmpdir(), 'tf-pgbouncer-'));
  chmodSync(folder, 0o777);
  const config = join(folder, 'pgbouncer.ini');
  writeFileSync(
    config,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432} user=${server.username || 'postgres'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 2',
      'ignore_startup_parameters = extra_float_digits,options',
      `admin_users = ${server.username || 'postgres'}`,
      `logfile = ${join(folder, 'pgbouncer.log')}`,
      `pidfile = ${join(folder, 'pgbouncer.pid')}`,
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), config], {
    stdio: 'ignore',
  });
  for (let waited = 0; ; waited += 100) {
    if (await accepts(port)) break;
    if (child.exitCode !== null || child.signalCode !== null || waited > 10_000) {
      child.kill('SIGKILL');
      rmSync(folder, { recursive: true, force: true });
      throw new Error(`PgBouncer did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const url = new URL(serverUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    /** `serverUrl` through the pooler. */
    url: url.toString(),
    port,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) =>
        child.exitCode !== null || child.signalCode !== null
          ? resolve(null)
          : child.once('exit', resolve),
      );
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
