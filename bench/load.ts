/**
 * Load benchmark: `npm run bench:load [-- --rates 25,50,100 --step 10 --sse 50]`.
 *
 * Starts one app server (its own process, from the sources or with --dist from dist/) on a
 * throw-away database `tf_bench_load_<pid>` of the PostgreSQL server of BENCH_DATABASE_URL, with
 * the demo data, synthetic providers (src/server/test/fill-providers.ts), drivers and mechanics who sign in, and
 * a few bookings each. Then it drives a realistic mix at rising rates (open loop, bench/lib/
 * open-loop.ts): 80 % searches, 10 % booking reads, 5 % new bookings (Idempotency-Key), 5 %
 * status changes (a mechanic declines a pending booking), while N event streams stay open. Each
 * step prints the rate asked, the rate achieved, p50/p99 and errors; the run stops at the first
 * step with p99 > 500 ms or more than 0.1 % errors, and the knee is the step before it. Beside
 * each step, GET /api/health at the same rate is the baseline (the same server, Fastify and a
 * `select 1`), continued past the knee to find its own. See docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count } from './lib/args.ts';
import {
  freePort,
  startAppServer,
  waitHealthy,
  type AppServer,
} from '../scripts/lib/app-server.ts';
import { holdEventStream, type HeldStream } from '../scripts/lib/event-stream-client.ts';
import { cpuMeter, describeCpu, processCpuSeconds } from './lib/cpu.ts';
import { openLoop, type OpenLoopResult, type Shot } from './lib/open-loop.ts';
import { mixer, newTally, OPERATIONS, prepare, type Tally } from './lib/load-mix.ts';
import { mixHelp, mixOptions, readMixOptions } from './lib/mix-options.ts';
import { prng } from './lib/points.ts';
import { heading, int, ms, table } from './lib/stats.ts';
import { progress, withScratchDatabase } from './lib/scratch.ts';

const LOAD_DEFAULTS = {
  rates: '10,25,50,75,100,125,150,200,250,300,400,500,650,800,1000,1300,1600',
  step: '10',
  drivers: '100',
};
const { values: args } = parseArgs({
  options: {
    ...mixOptions(LOAD_DEFAULTS),
    'baseline-step': { type: 'string', default: '5' },
    sse: { type: 'string', default: '50' },
    'keep-database': { type: 'boolean', default: false },
    capacity: { type: 'boolean', default: false },
    // The capacity run's own (bench/capacity.ts).
    'probe-rate': { type: 'string' },
    'probe-seconds': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help && !args.capacity) {
  console.log(`npm run bench:load -- [options]
${mixHelp(LOAD_DEFAULTS)}
  --baseline-step <s>    seconds of GET /api/health at each rate (default 5)
  --sse <count>          event streams held open, one per driver (default 50)
  --keep-database        leave the tf_bench_load_* database in place (drop it yourself)
  --capacity             the capacity run instead (bench/capacity.ts; --capacity --help for its options)
Environment: BENCH_DATABASE_URL=postgres://user@host:port/db  (default postgres://postgres@127.0.0.1:5432/postgres;
  a tf_bench_load_<pid> database is created there and dropped at the end)`);
  process.exit(0);
}

// The capacity run starts from here and runs by itself (the rest below is the load run's).
if (args.capacity) await import('./capacity.ts');

const {
  rates: RATES,
  stepSeconds: STEP_SECONDS,
  providers: PROVIDERS,
  drivers: DRIVERS,
  mechanics: MECHANICS,
  seed: SEED,
} = readMixOptions(args);
const BASELINE_SECONDS = count('baseline-step', args['baseline-step']);
const SSE = Math.min(count('sse', args.sse), DRIVERS);
const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const P99_LIMIT_MS = 500;
const ERROR_LIMIT = 0.001;

// ---------------------------------------------------------------------------------------------
// Run

interface Step {
  rate: number;
  mix?: OpenLoopResult;
  tally?: Tally;
  cpu?: string;
  /** Cores' worth of CPU the app server's process used during the mix (Linux only). */
  serverCores?: number;
  health: OpenLoopResult;
  streamsOpen: number;
  events: number;
}

const passes = (r: OpenLoopResult) => r.latency.p99 <= P99_LIMIT_MS && r.errorShare <= ERROR_LIMIT;
const health = (): Shot => ({ method: 'GET', path: '/api/health' });
const line = (r: OpenLoopResult) =>
  `${ms(r.achieved, 1)} req/s, p50 ${ms(r.latency.p50, 1)} ms, p99 ${ms(r.latency.p99, 1)} ms, errors ${ms(r.errorShare * 100, 2)} %`;

async function run(databaseUrl: string) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'tf-bench-load-'));
  const server = startAppServer(
    'app',
    await freePort(),
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: scratch,
      RUN_JOBS: 'false',
      RATE_LIMIT_PER_MINUTE: '100000000',
      // Simulated drivers book far more often than the per-user limits allow one person.
      ROUTE_RATE_LIMIT_SCALE: '1000000',
      TRUST_PROXY: '127.0.0.1',
    },
    args.dist,
  );
  const streams: HeldStream[] = [];
  try {
    progress(`app server (${args.dist ? 'dist' : 'sources via tsx'}) at ${server.url}`);
    await waitHealthy(server, 120_000);
    const mix = await prepare(server, databaseUrl, {
      providers: PROVIDERS,
      drivers: DRIVERS,
      mechanics: MECHANICS,
      seed: SEED,
    });
    progress(`${SSE} event streams held open`);
    for (const driver of mix.drivers.slice(0, SSE))
      streams.push(
        holdEventStream(server.url, { cookie: driver.cookie, 'x-forwarded-for': driver.address }),
      );
    const rand = prng(SEED + 11);
    progress(`warm-up: 5 s of the mix at ${RATES[0]} req/s`);
    await openLoop(server.url, RATES[0]!, 5, mixer(mix, rand, newTally()));

    const steps: Step[] = [];
    let mixBroke = false;
    for (const rate of RATES) {
      const step: Partial<Step> = { rate };
      if (!mixBroke) {
        const meter = cpuMeter();
        const serverCpu = processCpuSeconds(server.child.pid);
        const stepStart = performance.now();
        const before = streams.reduce((sum, s) => sum + s.events.length, 0);
        step.tally = newTally();
        step.mix = await openLoop(server.url, rate, STEP_SECONDS, mixer(mix, rand, step.tally));
        step.cpu = describeCpu(meter());
        step.serverCores =
          (processCpuSeconds(server.child.pid) - serverCpu) /
          ((performance.now() - stepStart) / 1000);
        step.events = streams.reduce((sum, s) => sum + s.events.length, 0) - before;
        step.streamsOpen = streams.filter((s) => s.isOpen).length;
        mixBroke = !passes(step.mix);
      }
      step.health = await openLoop(server.url, rate, BASELINE_SECONDS, health);
      steps.push(step as Step);
      progress(
        `${rate} req/s: mix ${step.mix ? line(step.mix) : '-'}; health ${line(step.health)}`,
      );
      if (mixBroke && !passes(step.health)) break;
    }
    report(steps, server);
  } finally {
    for (const stream of streams) stream.close();
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

function report(steps: Step[], server: AppServer) {
  const out: string[] = [];
  out.push(heading('Load: search 80 %, booking reads 10 %, bookings 5 %, status changes 5 %'));
  out.push(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(2)} at the end; ${new Date().toISOString()}`,
  );
  out.push(
    `${int(PROVIDERS)} synthetic providers + demo data, ${DRIVERS} drivers, ${MECHANICS} mechanics, ${SSE} event streams held open; open-loop steps of ${STEP_SECONDS} s (health ${BASELINE_SECONDS} s)`,
  );
  out.push('');
  const rows = [
    [
      'rate',
      'mix req/s',
      'p50',
      'p99',
      'errors',
      'health req/s',
      'p50',
      'p99',
      'errors',
      'p50 ratio',
      'streams',
      'events',
      'server CPU',
    ],
  ];
  for (const s of steps) {
    const m = s.mix;
    rows.push([
      String(s.rate),
      m ? ms(m.achieved, 1) : '-',
      m ? `${ms(m.latency.p50, 1)} ms` : '-',
      m ? `${ms(m.latency.p99, 1)} ms` : '-',
      m ? `${ms(m.errorShare * 100, 2)} %` : '-',
      ms(s.health.achieved, 1),
      `${ms(s.health.latency.p50, 1)} ms`,
      `${ms(s.health.latency.p99, 1)} ms`,
      `${ms(s.health.errorShare * 100, 2)} %`,
      m ? `${ms(m.latency.p50 / Math.max(0.1, s.health.latency.p50), 1)}×` : '-',
      m ? `${s.streamsOpen}/${SSE}` : '-',
      m ? String(s.events) : '-',
      m && Number.isFinite(s.serverCores) ? `${ms(s.serverCores!, 2)} cores` : '-',
    ]);
  }
  out.push(table(rows));

  const mixSteps = steps.filter((s) => s.mix);
  const knee = (list: Step[], result: (s: Step) => OpenLoopResult) => {
    const broke = list.find((s) => !passes(result(s)));
    const held = list.filter((s) => !broke || s.rate < broke.rate).at(-1);
    return { held, broke };
  };
  const describe = (
    { held, broke }: ReturnType<typeof knee>,
    result: (s: Step) => OpenLoopResult,
  ) =>
    `${held ? `${held.rate} req/s (p99 ${ms(result(held).latency.p99, 1)} ms)` : 'below the first rate'}${
      broke
        ? `; broke at ${broke.rate} req/s (p99 ${ms(result(broke).latency.p99, 1)} ms, errors ${ms(result(broke).errorShare * 100, 2)} %)`
        : '; held at every rate given'
    }`;
  const mixKnee = knee(mixSteps, (s) => s.mix!);
  const healthKnee = knee(steps, (s) => s.health);
  out.push('');
  out.push(
    `Knee (last rate with p99 ≤ ${P99_LIMIT_MS} ms and ≤ ${ERROR_LIMIT * 100} % errors), mix:   ${describe(mixKnee, (s) => s.mix!)}`,
  );
  out.push(
    `Knee, GET /api/health alone:                                     ${describe(healthKnee, (s) => s.health)}`,
  );
  if (mixKnee.held && healthKnee.held)
    out.push(
      `Mix knee / health knee: ${ms(mixKnee.held.rate / healthKnee.held.rate, 2)}${healthKnee.broke ? '' : ' (health held at every rate: an upper bound)'}`,
    );
  for (const s of [mixKnee.held, mixKnee.broke]) {
    if (!s?.tally) continue;
    out.push('');
    out.push(`Answers by operation at ${s.rate} req/s (status×count; 0 = no answer):`);
    for (const op of OPERATIONS) {
      const statuses = [...s.tally[op]].sort((a, b) => a[0] - b[0]);
      out.push(
        `  ${op.padEnd(8)} ${statuses.map(([status, n]) => `${status}×${n}`).join(', ') || '-'}`,
      );
    }
    out.push(`  ${s.cpu}`);
  }
  if (server.logLines.length)
    out.push(
      `\nServer warnings: ${server.logLines.length} (first: ${server.logLines[0]!.slice(0, 200)})`,
    );
  console.log(out.join('\n'));
}

if (!args.capacity)
  withScratchDatabase(SERVER_URL, run, {
    name: `tf_bench_load_${process.pid}`,
    keep: args['keep-database'],
  }).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
