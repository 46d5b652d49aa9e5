/**
 * Fault run: `npm run test:faults [-- --failover] [-- --drivers 8 --before 6 --downtime 3 --after 20]`.
 *
 * Starts its own PostgreSQL cluster (initdb in a temporary folder, its own port on 127.0.0.1) and
 * two app servers on one database of it, drives bookings at both (each with an Idempotency-Key,
 * retried with the same key after a network error or a 5xx, like a real client, alternating
 * servers), holds an event stream open on each server, and restarts PostgreSQL in the middle.
 * With `--failover` the cluster is a primary and a synchronous standby (pg_basebackup), the app
 * servers' DATABASE_URL names both with `target_session_attrs=read-write`, and instead of a
 * restart the primary is killed (`-m immediate`) and, `--downtime` later, the standby promoted.
 * Then it checks that every booking answered 201 exists, none exists twice, every failed answer
 * was a 503 with Retry-After, both servers answer GET /api/health with 200 within 30 s of the
 * database being back, and both event streams deliver events again. Prints the figures and exits
 * 1 when a check fails. See docs/reliability.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runOnce } from '../src/server/db/run-once.ts';
import { serviceOptionsFor, type ServiceType } from '../src/core/providers/catalog.ts';
import { hashPassword } from '../src/server/modules/auth/password.ts';
import {
  freePort,
  isHealthy,
  signIn,
  startAppServer,
  waitHealthy,
  type AppServer,
} from './lib/app-server.ts';
import { holdEventStream, type HeldStream } from './lib/event-stream-client.ts';
import { startPrimary, startStandby, type Cluster } from '../src/server/test/pg-cluster.ts';

const { values: args } = parseArgs({
  options: {
    drivers: { type: 'string', default: '8' },
    before: { type: 'string', default: '6' },
    downtime: { type: 'string', default: '3' },
    after: { type: 'string', default: '20' },
    dist: { type: 'boolean', default: false },
    failover: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help) {
  console.log(`npm run test:faults -- [options]
  --drivers <n>     drivers booking at the same time, half starting on each server (default 8)
  --before <s>      seconds of bookings before PostgreSQL is stopped (default 6)
  --failover        kill the primary and promote its synchronous standby instead of a restart
  --downtime <s>    seconds PostgreSQL stays down, or before the standby is promoted (default 3)
  --after <s>       seconds of bookings after PostgreSQL is back (default 20)
  --dist            run the built server (dist/server/main.js; npm run build first) instead of the sources`);
  process.exit(0);
}

const number = (name: string, value: string | undefined) => {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`--${name} must be a number`);
  return parsed;
};
const DRIVERS = Math.max(2, Math.round(number('drivers', args.drivers)));
const BEFORE_MS = number('before', args.before) * 1000;
const DOWNTIME_MS = number('downtime', args.downtime) * 1000;
const AFTER_MS = number('after', args.after) * 1000;
const RECOVERY_LIMIT_MS = 30_000;
/** A booking the client could not get answered in this long is given up (and reported). */
const GIVE_UP_MS = 60_000;
const REQUEST_TIMEOUT_MS = 10_000;
const PAUSE_BETWEEN_BOOKINGS_MS = 25;
const PASSWORD = 'faults run password 1';

const runId = Date.now().toString(36);
const started = performance.now();
const now = () => performance.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const progress = (text: string) =>
  process.stderr.write(`[${((now() - started) / 1000).toFixed(1).padStart(6)} s] ${text}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// App servers

/** Polls GET /api/health every 100 ms and keeps the answers. */
function monitorHealth(server: AppServer) {
  const samples: { at: number; ok: boolean }[] = [];
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const at = now();
      samples.push({ at, ok: await isHealthy(server) });
      await sleep(Math.max(0, 100 - (now() - at)));
    }
  })();
  return {
    samples,
    stop: () => void (stopped = true),
    /** The first healthy answer at or after `since`. */
    firstOkAfter: (since: number) => samples.find((s) => s.at >= since && s.ok)?.at,
    lastFailure: () => samples.findLast((s) => !s.ok)?.at,
  };
}

// ---------------------------------------------------------------------------------------------
// Clients

interface Provider {
  id: string;
  serviceType: string;
}

interface BookingTally {
  sent: number;
  acknowledged: Map<string, string>;
  refused: { key: string; status: number; body: string }[];
  gaveUp: string[];
  attempts: number;
  retries: number;
  networkErrors: number;
  serverErrors: number;
  /** 503 answers without a Retry-After header: a client would not know when to come back. */
  withoutRetryAfter: number;
  stillRunning: number;
  /** Answers other than 201 by status (0: no answer), with one body of each. */
  otherAnswers: Map<number, { count: number; example: string }>;
}

const tally: BookingTally = {
  sent: 0,
  acknowledged: new Map(),
  refused: [],
  gaveUp: [],
  attempts: 0,
  retries: 0,
  networkErrors: 0,
  serverErrors: 0,
  withoutRetryAfter: 0,
  stillRunning: 0,
  otherAnswers: new Map(),
};

/** One booking, retried with the same key (on the other server) until answered or given up. */
async function book(
  servers: AppServer[],
  start: number,
  cookie: string,
  key: string,
  provider: Provider,
) {
  tally.sent += 1;
  const body = JSON.stringify({
    providerId: provider.id,
    serviceType: serviceOptionsFor(provider.serviceType as ServiceType)[0],
    description: `faults ${key}`,
    preferredTime: 'asap',
  });
  const deadline = now() + GIVE_UP_MS;
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) tally.retries += 1;
    tally.attempts += 1;
    const server = servers[(start + attempt) % servers.length]!;
    let status = 0;
    let text = '';
    try {
      const response = await fetch(`${server.url}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'idempotency-key': key },
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = response.status;
      text = await response.text();
      if (status === 503 && !response.headers.get('retry-after')) tally.withoutRetryAfter += 1;
    } catch {
      tally.networkErrors += 1;
    }
    if (status === 201) {
      tally.acknowledged.set(key, (JSON.parse(text) as { id: string }).id);
      return;
    }
    const seen = tally.otherAnswers.get(status) ?? { count: 0, example: text.slice(0, 160) };
    seen.count += 1;
    tally.otherAnswers.set(status, seen);
    if (status >= 500) tally.serverErrors += 1;
    const stillRunning = status === 409 && /still running/i.test(text);
    if (stillRunning) tally.stillRunning += 1;
    const retry = status === 0 || status >= 500 || status === 429 || stillRunning;
    if (!retry) {
      tally.refused.push({ key, status, body: text.slice(0, 200) });
      return;
    }
    if (now() > deadline) {
      tally.gaveUp.push(key);
      return;
    }
    await sleep(Math.min(2_000, 100 * 2 ** Math.min(attempt, 5)));
  }
}

// ---------------------------------------------------------------------------------------------
// The run

const clusters: Cluster[] = [];
const servers: AppServer[] = [];
const streams: HeldStream[] = [];
const scratch = mkdtempSync(path.join(os.tmpdir(), 'tf-faults-app-'));

async function cleanUp() {
  for (const stream of streams) stream.close();
  await Promise.all(servers.map((server) => server.stop()));
  for (const cluster of clusters) cluster.remove();
  rmSync(scratch, { recursive: true, force: true });
}

async function main() {
  progress('PostgreSQL: initdb and start on a free port');
  const primary = await startPrimary();
  clusters.push(primary);
  await runOnce(primary.url(), 'create database tf_faults');
  const standby = args.failover ? await startStandby(primary, { synchronous: true }) : undefined;
  if (standby) {
    clusters.push(standby);
    progress(`synchronous standby on ${standby.port}, primary on ${primary.port}`);
  }
  // Where the checks read once the run is over: the promoted standby after a failover.
  const finalUrl = (standby ?? primary).url('tf_faults');
  const databaseUrl = standby
    ? `postgres://postgres@127.0.0.1:${primary.port},127.0.0.1:${standby.port}/tf_faults?target_session_attrs=read-write`
    : primary.url('tf_faults');

  const ports = [await freePort(), await freePort()];
  progress(
    `app servers A and B on ports ${ports.join(' and ')} (${args.dist ? 'dist' : 'sources via tsx'})`,
  );
  const env = (dataDir: string, runJobs: boolean) => ({
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(scratch, dataDir),
    RATE_LIMIT_PER_MINUTE: '1000000',
    // Two drivers book all along the run, far past the per-user booking limits.
    ROUTE_RATE_LIMIT_SCALE: '1000000',
    RUN_JOBS: String(runJobs),
  });
  // The scheduled jobs run on A only; they take a lock on PostgreSQL either way.
  servers.push(startAppServer('A', ports[0]!, env('a', true), args.dist));
  servers.push(startAppServer('B', ports[1]!, env('b', false), args.dist));
  await Promise.all(servers.map((server) => waitHealthy(server, 90_000)));

  progress(`${DRIVERS} drivers, providers`);
  const hash = await hashPassword(PASSWORD);
  const emails = Array.from({ length: DRIVERS }, (_, i) => `faults-${runId}-${i}@example.com`);
  await runOnce(
    primary.url('tf_faults'),
    `insert into users (username, email, password_hash, role, name, phone)
     select 'faults-' || $1 || '-' || i, e, $2, 'driver', 'Fault Driver ' || i, '(214) 555-0100'
     from unnest($3::text[]) with ordinality as t(e, i)`,
    [runId, hash, emails],
  );
  const cookies = await Promise.all(
    emails.map((email, i) => signIn(servers[i % 2]!, email, PASSWORD)),
  );
  const candidates = await runOnce<Provider>(
    primary.url('tf_faults'),
    `select id, service_type as "serviceType" from service_providers
     where verification = 'approved' and status <> 'offline' order by business_name limit 12`,
  );
  // Keep the providers that take a booking (listed, open to bookings).
  const providers: Provider[] = [];
  for (const provider of candidates) {
    const response = await fetch(`${servers[0]!.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies[0]! },
      body: JSON.stringify({
        providerId: provider.id,
        serviceType: serviceOptionsFor(provider.serviceType as ServiceType)[0],
        description: 'faults preflight',
      }),
    });
    await response.body?.cancel();
    if (response.status === 201) providers.push(provider);
  }
  if (providers.length === 0) throw new Error('no demo provider accepts bookings');

  // Driver 0 books on A first and follows its bookings on B; driver 1 the other way round.
  streams.push(holdEventStream(servers[1]!.url, { cookie: cookies[0]! }));
  streams.push(holdEventStream(servers[0]!.url, { cookie: cookies[1]! }));
  const monitors = servers.map(monitorHealth);

  let stopping = false;
  const drivers = cookies.map(async (cookie, i) => {
    for (let n = 0; !stopping; n++) {
      await book(
        servers,
        i % 2,
        cookie,
        `faults-${runId}-${i}-${n}`,
        providers[(i + n) % providers.length]!,
      );
      await sleep(PAUSE_BETWEEN_BOOKINGS_MS);
    }
  });

  progress(`booking for ${seconds(BEFORE_MS)}`);
  await sleep(BEFORE_MS);
  const sentBeforeStop = tally.sent;
  const stopMode = standby ? 'immediate' : 'fast';
  progress(`PostgreSQL: stop -m ${stopMode}${standby ? ' (the primary)' : ''}`);
  const stopAt = now();
  await primary.stop(stopMode);
  const stoppedAt = now();
  await sleep(DOWNTIME_MS);
  if (standby) {
    progress(`primary down in ${seconds(stoppedAt - stopAt)}; promoting the standby`);
    await standby.promote();
  } else {
    progress(`PostgreSQL: stopped in ${seconds(stoppedAt - stopAt)}; start`);
    await primary.start();
  }
  const backAt = now();
  progress(
    `PostgreSQL ${standby ? 'promoted' : 'back'} after ${seconds(backAt - stopAt)} down; booking for ${seconds(AFTER_MS)}`,
  );
  const recoveredBy = () => monitors.every((m) => m.firstOkAfter(backAt) !== undefined);
  while (now() - backAt < AFTER_MS || (!recoveredBy() && now() - backAt < RECOVERY_LIMIT_MS))
    await sleep(100);
  stopping = true;
  progress('waiting for the drivers to finish their last bookings');
  await Promise.all(drivers);
  for (const monitor of monitors) monitor.stop();

  // ---- Checks
  const rows = await runOnce<{ description: string; ids: string[] }>(
    finalUrl,
    `select description, array_agg(id::text) as ids from bookings
     where description like $1 group by description`,
    [`faults faults-${runId}-%`],
  );
  const stored = new Map(rows.map((row) => [row.description.slice('faults '.length), row.ids]));
  const found = [...tally.acknowledged].filter(([key, id]) => stored.get(key)?.includes(id)).length;
  const missing = tally.acknowledged.size - found;
  const duplicates = rows.filter((row) => row.ids.length > 1).length;
  const committedUnanswered = [...stored.keys()].filter(
    (key) => !tally.acknowledged.has(key),
  ).length;

  const recovery = servers.map((server, i) => {
    const ok = monitors[i]!.firstOkAfter(backAt);
    const firstDown = monitors[i]!.samples.find((s) => s.at >= stopAt && !s.ok)?.at;
    return { server, recoveryMs: ok === undefined ? undefined : ok - backAt, firstDown };
  });
  const resumes = streams.map((stream) => {
    const first = stream.events.find((e) => e.at >= backAt);
    return {
      resumeMs: first ? first.at - backAt : undefined,
      before: stream.events.filter((e) => e.at < stopAt).length,
      after: stream.events.filter((e) => e.at >= backAt).length,
      reopened: stream.opens.length - 1,
    };
  });

  const lines = [
    '',
    standby
      ? `Failover run ${new Date().toISOString()} — ${os.cpus().length} cores, Node ${process.version}, ${DRIVERS} drivers, the primary killed (-m immediate, took ${seconds(stoppedAt - stopAt)}) after ${seconds(BEFORE_MS)}, its synchronous standby promoted ${seconds(backAt - stopAt)} after the kill began`
      : `Fault run ${new Date().toISOString()} — ${os.cpus().length} cores, Node ${process.version}, ${DRIVERS} drivers, PostgreSQL stopped (-m fast, took ${seconds(stoppedAt - stopAt)}) after ${seconds(BEFORE_MS)}, back ${seconds(backAt - stopAt)} after the stop began`,
    '',
    `bookings sent          ${tally.sent} (${sentBeforeStop} before the stop)`,
    `acknowledged (201)     ${tally.acknowledged.size}`,
    `found afterwards       ${found} of the acknowledged (${missing} missing)`,
    `duplicates             ${duplicates}`,
    `committed, no 201 seen ${committedUnanswered} (the client gave up on them)`,
    `refused (4xx)          ${tally.refused.length}`,
    `given up after ${GIVE_UP_MS / 1000} s     ${tally.gaveUp.length}`,
    `requests               ${tally.attempts} (${tally.retries} retries: ${tally.networkErrors} network errors, ${tally.serverErrors} 5xx, ${tally.stillRunning} "still running")`,
    ...[...tally.otherAnswers].map(
      ([status, seen]) =>
        `  answered ${status === 0 ? 'nothing' : status} ${seen.count}×${seen.example ? `: ${seen.example}` : ''}`,
    ),
    '',
    ...recovery.map(
      (r) =>
        `server ${r.server.name}: healthy again ${r.recoveryMs === undefined ? 'NEVER' : seconds(r.recoveryMs)} after PostgreSQL was back (unhealthy from ${r.firstDown === undefined ? '-' : seconds(r.firstDown - stopAt)} after the stop); exited: ${r.server.exited ?? 'no'}; ${r.server.logLines.length} log lines at warn+`,
    ),
    ...resumes.map(
      (r, i) =>
        `stream on ${servers[1 - i]!.name} (driver booking on ${servers[i]!.name} first): ${r.before} events before the stop, ${r.after} after; first event ${r.resumeMs === undefined ? 'NEVER' : seconds(r.resumeMs)} after PostgreSQL was back; reopened ${r.reopened} times`,
    ),
  ];
  console.log(lines.join('\n'));

  const failures = [
    tally.acknowledged.size === 0 && 'no booking was acknowledged',
    missing > 0 && `${missing} acknowledged bookings are missing`,
    duplicates > 0 && `${duplicates} bookings exist more than once`,
    (tally.otherAnswers.get(500)?.count ?? 0) > 0 &&
      `${tally.otherAnswers.get(500)!.count} answers were 500 while the database was away; a client should be told 503 (retry)`,
    tally.withoutRetryAfter > 0 &&
      `${tally.withoutRetryAfter} answers were 503 without Retry-After`,
    tally.refused.length > 0 &&
      `${tally.refused.length} bookings refused, e.g. ${JSON.stringify(tally.refused[0])}`,
    ...recovery.map(
      (r) =>
        (r.recoveryMs === undefined || r.recoveryMs > RECOVERY_LIMIT_MS) &&
        `server ${r.server.name} not healthy within ${RECOVERY_LIMIT_MS / 1000} s`,
    ),
    ...recovery.map((r) => r.server.exited !== null && `server ${r.server.name} exited`),
    ...resumes.map(
      (r, i) =>
        r.resumeMs === undefined && `stream ${i + 1} got no event after the database was back`,
    ),
    ...resumes.map((r, i) => r.before === 0 && `stream ${i + 1} got no event before the stop`),
  ].filter((f): f is string => typeof f === 'string');
  for (const server of servers)
    if (server.logLines.length > 0)
      console.log(
        `\n${server.name}'s warnings (first 5 of ${server.logLines.length}):\n${server.logLines
          .slice(0, 5)
          .map((line) => `  ${line.slice(0, 300)}`)
          .join('\n')}`,
      );
  console.log(failures.length ? `\nFAIL\n${failures.map((f) => `  - ${f}`).join('\n')}` : '\nPASS');
  return failures.length === 0;
}

let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  void cleanUp().then(() => process.exit(130));
});

main().then(
  async (passed) => {
    await cleanUp();
    process.exit(passed ? 0 : 1);
  },
  async (error: unknown) => {
    console.error(error);
    if (!interrupted) await cleanUp();
    process.exit(1);
  },
);
