/**
 * Capacity run: `npm run bench:load -- --capacity [--providers 10000 --rates 25,50,… --step 6]`.
 *
 * The figures behind docs/capacity.md, from one run on clusters of its own (initdb, and
 * pg_basebackup for a streaming replica; src/server/test/pg-cluster.ts):
 *
 * 1. **One app server on one database** (the baseline): the cost of each kind of request — the
 *    load mix's search, booking read, booking list, new booking and status change, each sent
 *    alone at `--probe-rate` for `--probe-seconds` — as CPU milliseconds per request in the app
 *    server's process and in PostgreSQL's (the postmaster and its backends), then the mix
 *    (bench/lib/load-mix.ts) at rising rates until p99 > 500 ms or errors > 0.1 %: the knee.
 * 2. **Two app servers, a primary and a replica** (DATABASE_READ_URLS): the same costs (app CPU of
 *    both servers, PostgreSQL CPU of the primary and of the replica apart) and the same ladder,
 *    requests alternating between the servers, with the replica's replay lag sampled every 250 ms.
 *
 * Prints both tables and the ratios of the second to the first from the same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  freePort,
  startAppServer,
  waitHealthy,
  type AppServer,
} from '../scripts/lib/app-server.ts';
import { runOnce } from '../src/server/db/run-once.ts';
import { startPrimary, startStandby, type Cluster } from '../src/server/test/pg-cluster.ts';
import { count } from './lib/args.ts';
import { processCpuSeconds, processTreeCpuSeconds } from './lib/cpu.ts';
import { mixer, newTally, OPERATIONS, prepare, type Mix, type Operation } from './lib/load-mix.ts';
import { mixHelp, mixOptions, readMixOptions } from './lib/mix-options.ts';
import { openLoop, type OpenLoopResult, type Shot } from './lib/open-loop.ts';
import { prng } from './lib/points.ts';
import { progress } from './lib/scratch.ts';
import { heading, int, ms, table } from './lib/stats.ts';

const CAPACITY_DEFAULTS = {
  rates: '25,50,75,100,150,200,250,300,400,500,650,800',
  step: '6',
  drivers: '60',
};
const { values: args } = parseArgs({
  options: {
    capacity: { type: 'boolean', default: true },
    ...mixOptions(CAPACITY_DEFAULTS),
    'probe-rate': { type: 'string', default: '40' },
    'probe-seconds': { type: 'string', default: '5' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:load -- --capacity [options]
  --probe-rate <n>       requests/s of each kind alone, for its cost (default 40)
  --probe-seconds <s>    seconds of each kind alone (default 5)
${mixHelp(CAPACITY_DEFAULTS)}`);
  process.exit(0);
}
const options = readMixOptions(args);
const RATES = options.rates;
const STEP_SECONDS = options.stepSeconds;
const PROBE_RATE = count('probe-rate', args['probe-rate']);
const PROBE_SECONDS = count('probe-seconds', args['probe-seconds']);
const P99_LIMIT_MS = 500;
const ERROR_LIMIT = 0.001;

interface Topology {
  name: string;
  servers: AppServer[];
  primary: Cluster;
  replica?: Cluster;
}

interface Cost {
  op: Operation;
  answered: number;
  ok: number;
  p50: number;
  /** CPU milliseconds per request. */
  app: number;
  primary: number;
  replica: number;
}

interface Rung {
  rate: number;
  result: OpenLoopResult;
  appCores: number;
  primaryCores: number;
  replicaCores: number;
  /** Largest replay lag of the replica seen during the step, in ms. */
  maxLagMs?: number;
}

/** CPU seconds so far of the topology's parts. */
const cpuOf = (t: Topology) => ({
  app: t.servers.reduce((sum, s) => sum + processCpuSeconds(s.child.pid), 0),
  primary: processTreeCpuSeconds(t.primary.pid()),
  replica: t.replica ? processTreeCpuSeconds(t.replica.pid()) : 0,
});

/** Requests alternate between the servers (a balancer's round robin, without its own hop). */
function spread(t: Topology, next: () => Shot): () => Shot {
  let turn = 0;
  return () => {
    const shot = next();
    return { ...shot, path: `${t.servers[turn++ % t.servers.length]!.url}${shot.path}` };
  };
}

async function costs(t: Topology, mix: Mix): Promise<Cost[]> {
  const rand = prng(4242);
  const list: Cost[] = [];
  for (const op of OPERATIONS) {
    const tally = newTally();
    // A second of this kind first: its code paths and statements warm on every server.
    await openLoop('', PROBE_RATE, 1, spread(t, mixer(mix, rand, newTally(), op)));
    const before = cpuOf(t);
    const result = await openLoop(
      '',
      PROBE_RATE,
      PROBE_SECONDS,
      spread(t, mixer(mix, rand, tally, op)),
    );
    const after = cpuOf(t);
    const answered = result.sent - result.errors;
    const per = (seconds: number) => (answered > 0 ? (seconds * 1000) / answered : Number.NaN);
    list.push({
      op,
      answered,
      ok: answered - result.non2xx,
      p50: result.latency.p50,
      app: per(after.app - before.app),
      primary: per(after.primary - before.primary),
      replica: per(after.replica - before.replica),
    });
    progress(`${t.name}: ${op} ×${answered}, ${ms(list.at(-1)!.app, 2)} ms app CPU each`);
  }
  return list;
}

/** Samples the replica's replay lag on the primary until stopped; resolves with the largest. */
function watchLag(primary: Cluster) {
  let stopped = false;
  let max = 0;
  const done = (async () => {
    const client = new pg.Client({ connectionString: primary.url() });
    await client.connect();
    try {
      while (!stopped) {
        const { rows } = await client.query<{ lag: number | null }>(
          `select extract(epoch from coalesce(replay_lag, '0'::interval)) * 1000 as lag
           from pg_stat_replication`,
        );
        max = Math.max(max, ...rows.map((row) => Number(row.lag ?? 0)));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      await client.end();
    }
    return max;
  })();
  return async () => {
    stopped = true;
    return done;
  };
}

const passes = (r: OpenLoopResult) => r.latency.p99 <= P99_LIMIT_MS && r.errorShare <= ERROR_LIMIT;

async function ladder(t: Topology, mix: Mix): Promise<Rung[]> {
  const rand = prng(11);
  await openLoop('', RATES[0]!, 3, spread(t, mixer(mix, rand, newTally())));
  const rungs: Rung[] = [];
  for (const rate of RATES) {
    const before = cpuOf(t);
    const started = performance.now();
    const stopLag = t.replica ? watchLag(t.primary) : undefined;
    const result = await openLoop('', rate, STEP_SECONDS, spread(t, mixer(mix, rand, newTally())));
    const seconds = (performance.now() - started) / 1000;
    const after = cpuOf(t);
    const rung: Rung = {
      rate,
      result,
      appCores: (after.app - before.app) / seconds,
      primaryCores: (after.primary - before.primary) / seconds,
      replicaCores: (after.replica - before.replica) / seconds,
      ...(stopLag ? { maxLagMs: await stopLag() } : {}),
    };
    rungs.push(rung);
    progress(
      `${t.name}: ${rate} req/s → ${ms(result.achieved, 1)} answered/s, p99 ${ms(result.latency.p99, 1)} ms, errors ${ms(result.errorShare * 100, 2)} %`,
    );
    if (!passes(result)) break;
  }
  return rungs;
}

const knee = (rungs: Rung[]) => rungs.filter((r) => passes(r.result)).at(-1);

function report(
  runs: { t: Topology; costs: Cost[]; rungs: Rung[] }[],
  population: { providers: number; drivers: number },
) {
  const out: string[] = [];
  out.push(
    heading(
      'Capacity: one app server on one database, then two app servers, a primary and a replica',
    ),
  );
  out.push(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(2)} at the end; ${new Date().toISOString()}`,
  );
  out.push(
    `${int(population.providers)} synthetic providers + demo data, ${population.drivers} drivers; costs: each kind alone at ${PROBE_RATE} req/s for ${PROBE_SECONDS} s; ladder: the mix (80 % search) for ${STEP_SECONDS} s a rate`,
  );
  for (const { t, costs: list } of runs) {
    out.push('');
    out.push(`Cost per request, ${t.name} (CPU ms; PostgreSQL = postmaster and backends)`);
    out.push(
      table([
        ['kind', 'answered', '2xx', 'p50', 'app', 'primary', 'replica'],
        ...list.map((c) => [
          c.op,
          String(c.answered),
          String(c.ok),
          `${ms(c.p50, 1)} ms`,
          ms(c.app, 2),
          ms(c.primary, 2),
          t.replica ? ms(c.replica, 2) : '-',
        ]),
      ]),
    );
  }
  for (const { t, rungs } of runs) {
    out.push('');
    out.push(`Ladder, ${t.name}`);
    out.push(
      table([
        [
          'rate',
          'answered/s',
          'p50',
          'p99',
          'errors',
          'app cores',
          'primary cores',
          'replica cores',
          'max lag',
        ],
        ...rungs.map((r) => [
          String(r.rate),
          ms(r.result.achieved, 1),
          `${ms(r.result.latency.p50, 1)} ms`,
          `${ms(r.result.latency.p99, 1)} ms`,
          `${ms(r.result.errorShare * 100, 2)} %`,
          ms(r.appCores, 2),
          ms(r.primaryCores, 2),
          t.replica ? ms(r.replicaCores, 2) : '-',
          r.maxLagMs === undefined ? '-' : `${ms(r.maxLagMs, 0)} ms`,
        ]),
      ]),
    );
    const k = knee(rungs);
    out.push(
      `Knee: ${k ? `${k.rate} req/s (p99 ${ms(k.result.latency.p99, 1)} ms)` : 'below the first rate'}`,
    );
  }
  const [one, scaled] = runs;
  if (one && scaled) {
    out.push('');
    out.push(
      'Ratios, two app servers + primary + replica ÷ one app server on one database (same run)',
    );
    const k1 = knee(one.rungs);
    const k2 = knee(scaled.rungs);
    if (k1 && k2) out.push(`  knee                          ${ms(k2.rate / k1.rate, 2)}`);
    for (const op of OPERATIONS) {
      const a = one.costs.find((c) => c.op === op)!;
      const b = scaled.costs.find((c) => c.op === op)!;
      out.push(
        `  ${op.padEnd(8)} primary CPU/request ${ms(b.primary / a.primary, 2)}, app CPU/request ${ms(b.app / a.app, 2)}`,
      );
    }
  }
  console.log(out.join('\n'));
}

const clusters: Cluster[] = [];
const servers: AppServer[] = [];
const scratch = mkdtempSync(path.join(os.tmpdir(), 'tf-capacity-'));

async function main() {
  progress('PostgreSQL: a primary and a streaming replica of it, on free ports');
  const primary = await startPrimary();
  clusters.push(primary);
  await runOnce(primary.url(), 'create database tf_capacity');
  const replica = await startStandby(primary);
  clusters.push(replica);
  const databaseUrl = primary.url('tf_capacity');
  const env = (name: string, extra: Record<string, string> = {}) => ({
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(scratch, name),
    RUN_JOBS: 'false',
    RATE_LIMIT_PER_MINUTE: '100000000',
    ROUTE_RATE_LIMIT_SCALE: '1000000',
    TRUST_PROXY: '127.0.0.1',
    ...extra,
  });
  const start = async (name: string, extra?: Record<string, string>) => {
    const server = startAppServer(name, await freePort(), env(name, extra), args.dist);
    servers.push(server);
    await waitHealthy(server, 120_000);
    return server;
  };

  const population = {
    providers: options.providers,
    drivers: options.drivers,
    mechanics: options.mechanics,
    seed: options.seed,
  };
  const solo = await start('solo');
  const mix = await prepare(solo, databaseUrl, population);
  // The fill's autovacuum would land in the first costs measured: done now, and waited for.
  await runOnce(databaseUrl, 'vacuum analyze');
  const runs: { t: Topology; costs: Cost[]; rungs: Rung[] }[] = [];

  const one: Topology = { name: 'one app server, one database', servers: [solo], primary };
  progress(`${one.name}: costs, then the ladder`);
  runs.push({ t: one, costs: await costs(one, mix), rungs: await ladder(one, mix) });
  await solo.stop();

  const readUrls = { DATABASE_READ_URLS: replica.url('tf_capacity') };
  const pair = [await start('a', readUrls), await start('b', readUrls)];
  for (const server of pair)
    for (let waited = 0; waited < 30_000; waited += 200) {
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as {
        replicas?: { inUse: boolean }[];
      };
      if (health.replicas?.[0]?.inUse) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  const scaled: Topology = {
    name: 'two app servers, a primary and a replica',
    servers: pair,
    primary,
    replica,
  };
  progress(`${scaled.name}: costs, then the ladder`);
  runs.push({ t: scaled, costs: await costs(scaled, mix), rungs: await ladder(scaled, mix) });
  report(runs, population);
}

async function cleanUp() {
  await Promise.all(servers.map((server) => server.stop()));
  for (const cluster of clusters) cluster.remove();
  rmSync(scratch, { recursive: true, force: true });
}

process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));
main().then(
  async () => {
    await cleanUp();
    process.exit(0);
  },
  async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  },
);
