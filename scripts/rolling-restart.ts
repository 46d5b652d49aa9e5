/**
 * Rolling restart run: `npm run test:rolling [-- --clients 6 --drain 2]`.
 *
 * Two app servers on one PostgreSQL database of a cluster of its own, behind a small load
 * balancer started here that does what HAProxy or a cloud balancer does: round robin over the
 * servers in rotation, an active health check (GET /api/health every 250 ms; out after 2 failures,
 * back after 2 passes), kept-alive connections to the servers, no retries. Clients search, read
 * the search counts and book (signed in) through it without pause, and two drivers hold their
 * event streams through it. Then each server in turn gets SIGTERM (it drains for `--drain`
 * seconds: SHUTDOWN_DRAIN_SECONDS), exits, is started again and back in rotation before the next.
 * Passes when no request failed (every answer 2xx, no connection error), every booking answered
 * 201 exists, and both streams delivered events after each server's restart. See
 * docs/operations.md ("Rolling restart") and docs/reliability.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runOnce } from '../src/server/db/run-once.ts';
import { serviceOptionsFor, type ServiceType } from '../src/core/providers/catalog.ts';
import { hashPassword } from '../src/server/modules/auth/password.ts';
import { startPrimary, type Cluster } from '../src/server/test/pg-cluster.ts';
import { freePort, signIn, startAppServer, waitHealthy, type AppServer } from './lib/app-server.ts';
import { holdEventStream, type HeldStream } from './lib/event-stream-client.ts';
import { CHECK_EVERY_MS, FALL, RISE, startBalancer, type Backend } from './lib/balancer.ts';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '6' },
    drain: { type: 'string', default: '2' },
    settle: { type: 'string', default: '4' },
    dist: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(`npm run test:rolling -- [options]
  --clients <n>   clients sending requests without pause through the balancer (default 6)
  --drain <s>     SHUTDOWN_DRAIN_SECONDS of the app servers (default 2)
  --settle <s>    seconds of traffic before the first restart and after each (default 4)
  --dist          run the built server (dist/server/main.js; npm run build first)`);
  process.exit(0);
}
const count = (name: string, value: string | undefined) => {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`--${name} must be a number`);
  return parsed;
};
const CLIENTS = Math.max(2, Math.round(count('clients', args.clients)));
const DRAIN_SECONDS = count('drain', args.drain);
const SETTLE_MS = count('settle', args.settle) * 1000;
const PASSWORD = 'rolling run password 1';
const SEARCH = '/api/providers?latitude=32.7767&longitude=-96.797&radius=50';

const started = performance.now();
const now = () => performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const progress = (text: string) =>
  process.stderr.write(`[${((now() - started) / 1000).toFixed(1).padStart(6)} s] ${text}\n`);

// ---------------------------------------------------------------------------------------------
// The run

const scratch = mkdtempSync(path.join(os.tmpdir(), 'tf-rolling-app-'));
let primary: Cluster | undefined;
const backends: (Backend & { server: AppServer })[] = [];
const streams: HeldStream[] = [];
let balancer: ReturnType<typeof startBalancer> | undefined;

async function cleanUp() {
  for (const stream of streams) stream.close();
  await balancer?.close();
  await Promise.all(backends.map((b) => b.server.stop()));
  primary?.remove();
  rmSync(scratch, { recursive: true, force: true });
}

interface Tally {
  requests: number;
  byKind: Map<string, number>;
  failures: { kind: string; status: number; body: string; at: number }[];
  bookings: Map<string, string>;
}

async function main() {
  progress('PostgreSQL: initdb and start on a free port');
  primary = await startPrimary();
  await runOnce(primary.url(), 'create database tf_rolling');
  const databaseUrl = primary.url('tf_rolling');

  const env = (name: string, runJobs: boolean) => ({
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(scratch, name),
    RATE_LIMIT_PER_MINUTE: '1000000',
    ROUTE_RATE_LIMIT_SCALE: '1000000',
    RUN_JOBS: String(runJobs),
    SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
  });
  const start = async (name: string, port: number, runJobs: boolean) => {
    const server = startAppServer(name, port, env(name.toLowerCase(), runJobs), args.dist);
    await waitHealthy(server, 90_000);
    return server;
  };
  const ports = [await freePort(), await freePort()];
  progress(`app servers A and B on ${ports.join(' and ')} (${args.dist ? 'dist' : 'sources'})`);
  // B waits for A's migrations and demo data, then starts beside it.
  const a = await start('A', ports[0]!, true);
  const b = await start('B', ports[1]!, false);
  backends.push(
    { server: a, port: ports[0]!, inRotation: true, passes: RISE, failures: 0 },
    { server: b, port: ports[1]!, inRotation: true, passes: RISE, failures: 0 },
  );
  balancer = startBalancer(backends);
  const balancerPort = await freePort();
  await balancer.listen(balancerPort);
  const base = `http://127.0.0.1:${balancerPort}`;

  progress(`${CLIENTS} clients through the balancer on ${balancerPort}`);
  const runId = Date.now().toString(36);
  const emails = Array.from({ length: CLIENTS }, (_, i) => `rolling-${runId}-${i}@example.com`);
  await runOnce(
    databaseUrl,
    `insert into users (username, email, password_hash, role, name, phone)
     select 'rolling-' || $1 || '-' || i, e, $2, 'driver', 'Rolling Driver ' || i, '(214) 555-0100'
     from unnest($3::text[]) with ordinality as t(e, i)`,
    [runId, await hashPassword(PASSWORD), emails],
  );
  const cookies = await Promise.all(emails.map((email) => signIn(a, email, PASSWORD)));
  const providers = await runOnce<{ id: string; serviceType: string }>(
    databaseUrl,
    `select id, service_type as "serviceType" from service_providers
     where verification = 'approved' and status <> 'offline' order by business_name limit 12`,
  );
  for (const cookie of cookies.slice(0, 2)) streams.push(holdEventStream(base, { cookie }));

  const tally: Tally = { requests: 0, byKind: new Map(), failures: [], bookings: new Map() };
  const send = async (kind: string, init: RequestInit & { url: string }) => {
    tally.requests += 1;
    tally.byKind.set(kind, (tally.byKind.get(kind) ?? 0) + 1);
    let status = 0;
    let body = '';
    try {
      const response = await fetch(`${base}${init.url}`, {
        ...init,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      body = await response.text();
    } catch (error) {
      body = String(error);
    }
    if (status < 200 || status >= 300)
      tally.failures.push({ kind, status, body: body.slice(0, 160), at: now() });
    return { status, body };
  };
  let stopping = false;
  const clients = cookies.map(async (cookie, i) => {
    for (let n = 0; !stopping; n++) {
      const step = n % 4;
      if (step === 0 || step === 2) await send('search', { url: SEARCH });
      else if (step === 1) await send('summary', { url: '/api/providers/summary' });
      else {
        const provider = providers[(i + n) % providers.length]!;
        const key = `rolling-${runId}-${i}-${n}`;
        const { status, body } = await send('booking', {
          url: '/api/bookings',
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'idempotency-key': key },
          body: JSON.stringify({
            providerId: provider.id,
            serviceType: serviceOptionsFor(provider.serviceType as ServiceType)[0],
            description: `rolling ${key}`,
            preferredTime: 'asap',
          }),
        });
        if (status === 201) tally.bookings.set(key, (JSON.parse(body) as { id: string }).id);
      }
    }
  });

  await sleep(SETTLE_MS);
  const restarts: { name: string; signalAt: number; exitedAt: number; backAt: number }[] = [];
  for (const backend of backends) {
    const name = backend.server.name;
    progress(`SIGTERM to ${name}`);
    const signalAt = now();
    await backend.server.stop();
    const exitedAt = now();
    progress(`${name} exited after ${((exitedAt - signalAt) / 1000).toFixed(2)} s; starting it`);
    backend.server = await start(name, backend.port, name === 'A');
    while (!backend.inRotation) await sleep(50);
    const backAt = now();
    progress(`${name} back in rotation ${((backAt - signalAt) / 1000).toFixed(2)} s after SIGTERM`);
    restarts.push({ name, signalAt, exitedAt, backAt });
    await sleep(SETTLE_MS);
  }
  stopping = true;
  await Promise.all(clients);
  for (const stream of streams) stream.close();

  // ---- Checks
  const stored = await runOnce<{ description: string; id: string }>(
    databaseUrl,
    `select description, id::text from bookings where description like $1`,
    [`rolling rolling-${runId}-%`],
  );
  const ids = new Set(stored.map((row) => row.id));
  const missing = [...tally.bookings.values()].filter((id) => !ids.has(id)).length;
  const streamChecks = streams.map((stream, i) =>
    restarts.map((restart) => ({
      stream: i + 1,
      after: restart.name,
      events: stream.events.filter((e) => e.at >= restart.backAt).length,
      opens: stream.opens.filter((at) => at >= restart.signalAt).length,
    })),
  );
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    [
      '',
      `Rolling restart ${new Date().toISOString()} — ${os.cpus().length} cores, Node ${process.version}, ${CLIENTS} clients, SHUTDOWN_DRAIN_SECONDS=${DRAIN_SECONDS}, balancer check every ${CHECK_EVERY_MS} ms (fall ${FALL}, rise ${RISE})`,
      '',
      `requests               ${tally.requests} (${[...tally.byKind].map(([k, n]) => `${n} ${k}`).join(', ')})`,
      `failed                 ${tally.failures.length}`,
      ...tally.failures
        .slice(0, 5)
        .map((f) => `  ${f.kind} answered ${f.status || 'nothing'}: ${f.body}`),
      `bookings acknowledged  ${tally.bookings.size}, found ${tally.bookings.size - missing} (${missing} missing)`,
      `balancer               ${balancer.stats.proxied} proxied, ${balancer.stats.upstreamErrors} upstream errors, ${balancer.stats.noBackend} with no server in rotation`,
      ...restarts.map(
        (r) =>
          `server ${r.name}: exited ${seconds(r.exitedAt - r.signalAt)} after SIGTERM, back in rotation after ${seconds(r.backAt - r.signalAt)}`,
      ),
      ...streamChecks
        .flat()
        .map(
          (c) =>
            `stream ${c.stream}: ${c.events} events after ${c.after} was back, opened ${c.opens} times since its SIGTERM`,
        ),
    ].join('\n'),
  );
  const failures = [
    tally.bookings.size === 0 && 'no booking was acknowledged',
    tally.failures.length > 0 && `${tally.failures.length} requests failed`,
    missing > 0 && `${missing} acknowledged bookings are missing`,
    ...streamChecks
      .flat()
      .map(
        (c) =>
          c.events === 0 && `stream ${c.stream} got no event after ${c.after} was back in rotation`,
      ),
  ].filter((f): f is string => typeof f === 'string');
  console.log(failures.length ? `\nFAIL\n${failures.map((f) => `  - ${f}`).join('\n')}` : '\nPASS');
  return failures.length === 0;
}

process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));
main().then(
  async (passed) => {
    await cleanUp();
    process.exit(passed ? 0 : 1);
  },
  async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  },
);
