import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

function start(env: Record<string, string>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: 'memory://',
      SEED_DEMO: 'false',
      SERVE_WEB: 'false',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (chunk) => (output += chunk));
  proc.stderr!.on('data', (chunk) => (output += chunk));
  child = proc;
  return { proc, output: () => output };
}

describe('main.ts', () => {
  it('exits with a message naming a bad variable', async () => {
    const { proc, output } = start({ PORT: 'eighty' });
    const [code] = await once(proc, 'exit');
    expect(code).toBe(1);
    expect(output()).toMatch(/Invalid configuration:\s+PORT: expected a port number/);
  });

  // A whole server process starting from source: on a busy machine that alone can take longer
  // than an ordinary test's time, so each step waits for what it needs, not for a count of tries.
  it(
    'finishes in-flight requests on SIGTERM, then closes and exits 0',
    { timeout: 180_000 },
    async () => {
      const port = await freePort();
      const { proc, output } = start({ PORT: String(port), LOG_LEVEL: 'info' });
      const base = `http://127.0.0.1:${port}`;
      const until = async (done: () => boolean) => {
        while (!done()) {
          expect(proc.exitCode, output()).toBeNull();
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      await until(() => output().includes(`Server listening at ${base}`));
      // Registration hashes a password with argon2id: slow enough to still be running at SIGTERM.
      const inFlight = fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'late',
          email: 'late@example.com',
          password: 'long enough',
          name: 'Late Driver',
          phone: '2145550100',
        }),
      });
      // Signal only once the server is handling it (on a busy machine it may take a while to arrive).
      await until(() => /"url":"\/api\/auth\/register"/.test(output()));
      proc.kill('SIGTERM');
      const response = await inFlight;
      expect(response.status).toBe(201);
      const [code] = await once(proc, 'exit');
      expect(code, output()).toBe(0);
      expect(output()).toContain('shutting down');
    },
  );
});
