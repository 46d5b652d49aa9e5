/**
 * The app server as its own process, for scripts that measure it from outside (the fault run, the
 * load benchmark): from the sources through tsx, or from dist/ after `npm run build`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface AppServer {
  name: string;
  url: string;
  child: ChildProcess;
  /** Every line it printed (its log level decides how many). */
  logLines: string[];
  /** Its exit code once it has exited (128 when killed by a signal). */
  exited: number | null;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The environment variables and Node flags `npm run serve` gives the server (package.json:
 * `[NAME=value …] node [--flag …] dist/server/main.js`), so a server started here holds the
 * memory that one does.
 */
export function serveCommand(root = repoRoot): { env: Record<string, string>; flags: string[] } {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const match = /^((?:[A-Z_][A-Z0-9_]*=\S+ )*)node((?: --\S+)*) dist\/server\/main\.js/.exec(
    scripts.serve ?? '',
  );
  if (scripts.serve && !match)
    throw new Error(
      `package.json's serve script is not "[NAME=value …] node [--flag …] dist/server/main.js": ${scripts.serve}`,
    );
  const env = Object.fromEntries(
    (match?.[1] ?? '')
      .trim()
      .split(' ')
      .filter(Boolean)
      .map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  const flags = match?.[2]?.trim();
  return { env, flags: flags ? flags.split(' ') : [] };
}

/**
 * Starts src/server/main.ts (or dist/server/main.js with `fromDist`) on 127.0.0.1:`port` with
 * the given environment on top of a production-like one: no web app, warnings only, demo data
 * asked for explicitly. `fromDist` may name another checkout whose dist/ to run (an earlier
 * build, for a before-and-after benchmark); it runs with that checkout's flags.
 */
export function startAppServer(
  name: string,
  port: number,
  env: Record<string, string>,
  fromDist: boolean | string = false,
): AppServer {
  const root = typeof fromDist === 'string' ? fromDist : repoRoot;
  if (fromDist && !existsSync(path.join(root, 'dist/server/main.js')))
    throw new Error(`${path.join(root, 'dist/server/main.js')} is missing: run \`npm run build\``);
  const entry = fromDist ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  const serve = serveCommand(root);
  const child = spawn(process.execPath, [...serve.flags, ...entry], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...serve.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'true',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const server: AppServer = {
    name,
    url: `http://127.0.0.1:${port}`,
    child,
    logLines: [],
    exited: null,
    async stop() {
      if (server.exited !== null) return;
      child.kill('SIGTERM');
      // Long enough for a drain (SHUTDOWN_DRAIN_SECONDS) and the close after it.
      for (let waited = 0; server.exited === null && waited < 20_000; waited += 50) await sleep(50);
      if (server.exited === null) child.kill('SIGKILL');
    },
  };
  for (const stream of [child.stdout, child.stderr])
    stream?.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) if (line.trim()) server.logLines.push(line);
    });
  child.once('exit', (code, signal) => (server.exited = code ?? (signal ? 128 : 1)));
  return server;
}

/** Whether GET /api/health answers 200 within a second. */
export async function isHealthy(server: AppServer): Promise<boolean> {
  try {
    const response = await fetch(`${server.url}/api/health`, {
      signal: AbortSignal.timeout(1_000),
    });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

export async function waitHealthy(server: AppServer, ms: number) {
  const deadline = performance.now() + ms;
  while (!(await isHealthy(server))) {
    if (server.exited !== null)
      throw new Error(
        `${server.name} exited with ${server.exited}:\n${server.logLines.slice(-20).join('\n')}`,
      );
    if (performance.now() > deadline)
      throw new Error(`${server.name} did not answer GET /api/health in ${ms / 1000} s`);
    await sleep(200);
  }
}

/** Signs in and answers the session cookie (`name=value`) to send back. */
export async function signIn(
  server: AppServer,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in ${email}: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => /session/i.test(pair.split('=')[0]!));
  if (!cookie) throw new Error(`sign-in ${email}: no session cookie`);
  return cookie;
}
