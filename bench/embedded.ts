/**
 * Embedded database benchmark: `npm run bench:embedded [-- options]`.
 *
 * Runs the app server as `npm run serve` runs it (dist/server/main.js with the flags of package.json,
 * scripts/lib/app-server.ts), from this checkout's build ("after") and, with `--before <commit>`,
 * from a build of that commit made in a temporary folder ("before"):
 *
 * 1. Memory: the server's resident memory once it has seeded the demo data (3 s after its first
 *    answer, and again after `--idle` seconds without requests, when V8 has shrunk its heap), with
 *    the embedded database in a new folder (the default DATA_DIR) and with PostgreSQL (a scratch
 *    database on BENCH_DATABASE_URL).
 * 2. The search without the cache: GET /api/providers around varied points (bench/lib/points.ts)
 *    at 50 connections on in-memory embedded databases, before and after in alternating rounds:
 *    req/s, p50/p99 and the server's CPU per answer, beside the 272 req/s measured before.
 *
 * Servers run as child processes on 127.0.0.1; autocannon runs in another child. Build this
 * checkout's server first (`npx tsc -p tsconfig.server.json`). See docs/benchmarks.md ("Embedded
 * database").
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  freePort,
  startAppServer,
  waitHealthy,
  type AppServer,
} from '../scripts/lib/app-server.ts';
import { count } from './lib/args.ts';
import { cpuMeter, type CpuReading } from './lib/cpu.ts';
import type { LoadResult } from './lib/http-load.ts';
import { loadInChild } from './lib/load-child.ts';
import { prng, searchPoint } from './lib/points.ts';
import { cpuSecondsOf, memoryOf } from './lib/process-stats.ts';
import { progress, withScratchDatabase } from './lib/scratch.ts';
import { heading, int, median, ms, table } from './lib/stats.ts';

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    points: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '42' },
    idle: { type: 'string', default: '30' },
    'memory-runs': { type: 'string', default: '2' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL },
    'database-prefix': { type: 'string', default: 'tf_bench' },
    'skip-memory': { type: 'boolean', default: false },
    'skip-search': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help) {
  console.log(`npm run bench:embedded -- [options]
  --before <commit|dir>   also run the server as it was: a commit (built into a temporary folder
                          with git archive and tsc) or a folder holding such a build
  --duration <s>          seconds of each measured load (default 10)
  --warmup <s>            seconds of load before each measured one (default 3)
  --rounds <n>            rounds of before and after searches, alternated (default 3)
  --connections <n>       autocannon connections (default 50)
  --points <n>            distinct search points (default 2000)
  --seed <int>            seed of the search points (default 42)
  --idle <s>              seconds without requests before the second memory reading (default 30)
  --memory-runs <n>       starts of each server for its memory, alternated (default 2)
  --database-url <url>    PostgreSQL server for the PostgreSQL rows (default BENCH_DATABASE_URL;
                          without it those rows are left out)
  --database-prefix <p>   name prefix of the scratch databases (default tf_bench)
  --skip-memory           no memory measurements
  --skip-search           no search loads`);
  process.exit(0);
}

const DURATION = count('duration', args.duration);
const WARMUP = Number(args.warmup);
const ROUNDS = count('rounds', args.rounds);
const CONNECTIONS = count('connections', args.connections);
const POINTS = count('points', args.points);
const SEED = Number(args.seed);
const IDLE = Number(args.idle);
const MEMORY_RUNS = count('memory-runs', args['memory-runs']);
if (![WARMUP, SEED, IDLE].every((n) => Number.isInteger(n) && n >= 0))
  throw new Error('--warmup, --seed and --idle must be whole numbers ≥ 0');

/** The cache-off search at 50 connections before this work (docs/benchmarks.md, "API stack"). */
const BEFORE_REQ_S = 272;
const MEMORY_TARGET_MB = { embedded: 250, postgres: 150 };
/** Seconds between a server's first answer and the first memory reading. */
const SETTLE = 3;

type Build = 'before' | 'after';

const repoRoot = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The folder of the "before" build: `--before` itself when it holds one, else the commit it names,
 * archived (git archive reads the repository, changes nothing) and built next to this checkout's
 * node_modules.
 */
function beforeBuild(before: string): { root: string; remove(): void } {
  if (existsSync(path.join(before, 'dist/server/main.js')))
    return { root: path.resolve(before), remove: () => undefined };
  const root = mkdtempSync(path.join(os.tmpdir(), 'tf-bench-before-'));
  progress(`before: building ${before} in ${root}`);
  const archive = execFileSync('git', ['archive', before], {
    cwd: repoRoot,
    maxBuffer: 1 << 30,
  });
  execFileSync('tar', ['-x', '-C', root], { input: archive });
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'));
  execFileSync(path.join(repoRoot, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.server.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** An app server of one build, as `npm run serve` runs it, seeding the demo data. */
async function startServer(name: string, root: string, env: Record<string, string>) {
  return startAppServer(name, await freePort(), env, root);
}

interface MemoryRow {
  database: string;
  build: Build;
  settledMb: number;
  idleMb: number;
  peakMb: number;
  readySeconds: number;
}

async function measureMemory(
  database: string,
  build: Build,
  root: string,
  env: Record<string, string>,
): Promise<MemoryRow> {
  progress(`memory: ${database}, ${build}`);
  const started = performance.now();
  const server = await startServer(`${database} ${build}`, root, env);
  try {
    await waitHealthy(server, 300_000);
    const readySeconds = (performance.now() - started) / 1000;
    await sleep(SETTLE * 1000);
    const settledMb = memoryOf(server.child.pid!).rssMb;
    await sleep(IDLE * 1000);
    const { rssMb: idleMb, peakMb } = memoryOf(server.child.pid!);
    return { database, build, settledMb, idleMb, peakMb, readySeconds };
  } finally {
    await server.stop();
  }
}

async function memoryRows(builds: Map<Build, string>): Promise<MemoryRow[]> {
  const rows: MemoryRow[] = [];
  for (let run = 1; run <= MEMORY_RUNS; run++) {
    // Each run starts with the other build, so a change in the machine's load meets both.
    const order = run % 2 === 1 ? [...builds] : [...builds].reverse();
    for (const [build, root] of order) {
      const folder = mkdtempSync(path.join(os.tmpdir(), 'tf-bench-embedded-'));
      try {
        rows.push(await measureMemory('PGlite in a new folder', build, root, { DATA_DIR: folder }));
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    }
    const serverUrl = args['database-url'];
    if (!serverUrl) continue;
    for (const [build, root] of order) {
      // A new database each time: the demo data is seeded into an empty one only.
      const name = `${args['database-prefix']}_embedded_${Math.random().toString(36).slice(2, 8)}`;
      rows.push(
        await withScratchDatabase(
          serverUrl,
          (url) => measureMemory('PostgreSQL', build, root, { DATABASE_URL: url }),
          { name },
        ),
      );
    }
  }
  return rows;
}

interface Load {
  label: string;
  build: Build;
  result: LoadResult;
  /** Milliseconds of the server process's CPU per answer. */
  cpuMs: number;
  machine: CpuReading;
}

/** Search paths around varied points: half near metro centres, half anywhere in the US box. */
function searchPaths(): string[] {
  const rand = prng(SEED);
  return Array.from({ length: POINTS }, () => {
    const point = searchPoint(rand);
    const radius = [10, 25, 50][Math.floor(rand() * 3)];
    return `/api/providers?latitude=${point.latitude}&longitude=${point.longitude}&radius=${radius}`;
  });
}

async function load(server: AppServer, build: Build, label: string, paths: string[]) {
  const request = { url: server.url, paths, connections: CONNECTIONS };
  if (WARMUP > 0) await loadInChild({ ...request, durationSeconds: WARMUP });
  progress(`${label}: ${CONNECTIONS} connections, ${DURATION} s`);
  const pid = server.child.pid!;
  const cpuBefore = cpuSecondsOf(pid);
  const machine = cpuMeter();
  const result = await loadInChild({ ...request, durationSeconds: DURATION });
  const cpuMs = ((cpuSecondsOf(pid) - cpuBefore) * 1000) / Math.max(1, result.requests);
  // Timeouts (no answer within 10 s) are counted and shown: they say the machine was starved.
  if (result.non2xx > 0 || result.errors > result.timeouts)
    throw new Error(
      `${label}: ${result.non2xx} non-2xx answers and ${result.errors} errors; the server ${server.exited === null ? 'runs' : `exited with ${server.exited}`}:\n${server.logLines.slice(-10).join('\n')}`,
    );
  return { label, build, result, cpuMs, machine: machine() };
}

type Found = { businessName: string; distance: number | null }[];

/** Every server answers the same items for the same search (ids differ: each seeded its own). */
async function checkSameAnswers(servers: AppServer[], paths: string[]) {
  const shape = (items: Found) =>
    items.map((item) => `${item.businessName}@${item.distance?.toFixed(3)}`).join('|');
  let nonEmpty = 0;
  for (const searchPath of paths.slice(0, 200)) {
    const answers = await Promise.all(
      servers.map(async (server) => {
        const response = await fetch(server.url + searchPath);
        if (response.status !== 200)
          throw new Error(`${server.name} ${searchPath}: ${response.status}`);
        return shape((await response.json()) as Found);
      }),
    );
    if (new Set(answers).size > 1) throw new Error(`${searchPath}: the answers differ`);
    if (answers[0] !== '') nonEmpty += 1;
  }
  return nonEmpty;
}

async function searchLoads(builds: Map<Build, string>) {
  const env = {
    DATA_DIR: 'memory://',
    SEARCH_CACHE_SECONDS: '0',
    RUN_JOBS: 'false',
    RATE_LIMIT_PER_MINUTE: '1000000000',
  };
  progress(`search: starting ${[...builds.keys()].join(' and ')}`);
  const servers = new Map<Build, AppServer>();
  for (const [build, root] of builds) servers.set(build, await startServer(build, root, env));
  try {
    await Promise.all([...servers.values()].map((server) => waitHealthy(server, 300_000)));
    const paths = searchPaths();
    const nonEmpty = await checkSameAnswers([...servers.values()], paths);
    const loads: Load[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Each round starts with the other server, so a change in the machine's load meets both.
      const order = round % 2 === 1 ? [...servers] : [...servers].reverse();
      for (const [build, server] of order)
        loads.push(await load(server, build, `round ${round}: ${build}`, paths));
    }
    return { loads, nonEmpty };
  } finally {
    await Promise.all([...servers.values()].map((server) => server.stop()));
  }
}

function printMemory(rows: MemoryRow[]) {
  console.log(
    heading(
      `App server memory after seeding the demo data (MiB resident, median of ${MEMORY_RUNS} start(s))`,
    ),
  );
  const groups = new Map<string, MemoryRow[]>();
  for (const row of rows) {
    const key = `${row.database}|${row.build}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const idle = (group: MemoryRow[] | undefined) =>
    group ? median(group.map((row) => row.idleMb)) : Number.NaN;
  console.log(
    table([
      [
        'database',
        'build',
        `${SETTLE} s after ready`,
        `idle ${IDLE} s`,
        'range',
        'peak',
        'after ÷ before',
        'target',
        'ready',
      ],
      ...[...groups.values()].map((group) => {
        const { database, build } = group[0]!;
        const rss = idle(group);
        const before = idle(groups.get(`${database}|before`));
        const target =
          database === 'PostgreSQL' ? MEMORY_TARGET_MB.postgres : MEMORY_TARGET_MB.embedded;
        const all = group.map((row) => row.idleMb);
        return [
          database,
          build,
          int(median(group.map((row) => row.settledMb))),
          int(rss),
          `${int(Math.min(...all))}–${int(Math.max(...all))}`,
          int(median(group.map((row) => row.peakMb))),
          build === 'after' && Number.isFinite(before) ? (rss / before).toFixed(2) : '',
          `≤ ${target} ${rss <= target ? 'PASS' : 'MISS'}`,
          `${ms(median(group.map((row) => row.readySeconds)), 1)} s`,
        ];
      }),
    ]),
  );
}

function printSearch({ loads, nonEmpty }: Awaited<ReturnType<typeof searchLoads>>) {
  console.log(
    heading(
      `Search without the cache, ${POINTS} points (seed ${SEED}), ${CONNECTIONS} connections, ${DURATION} s each`,
    ),
  );
  console.log(
    `${nonEmpty} of the first 200 points find providers (the demo data is around a few metros); the servers answered them alike.\n`,
  );
  console.log(
    table([
      [
        'round: build',
        'req/s',
        'p50',
        'p99',
        'timeouts',
        'server CPU/answer',
        'machine CPU',
        'load avg',
      ],
      ...loads.map((l) => [
        l.label,
        int(l.result.requestsPerSecond),
        `${ms(l.result.latency.p50, 1)} ms`,
        `${ms(l.result.latency.p99, 1)} ms`,
        int(l.result.timeouts),
        `${ms(l.cpuMs, 2)} ms`,
        `${Math.round(l.machine.machineBusy * 100)} %`,
        l.machine.loadAtStart.toFixed(2),
      ]),
    ]),
  );
  const of = (build: Build) => loads.filter((l) => l.build === build);
  const rate = (build: Build) => median(of(build).map((l) => l.result.requestsPerSecond));
  const cpu = (build: Build) => median(of(build).map((l) => l.cpuMs));
  for (const build of ['after', 'before'] as const)
    if (of(build).length > 0)
      console.log(
        `${build}: median ${int(rate(build))} req/s = ${(rate(build) / BEFORE_REQ_S).toFixed(1)} × the ${BEFORE_REQ_S} req/s before this work (target ≥ 2 ×); CPU ${ms(cpu(build))} ms per answer`,
      );
  if (of('before').length > 0) {
    const ratios = Array.from({ length: ROUNDS }, (_, i) => {
      const round = loads.slice(i * 2, i * 2 + 2);
      const [after, before] = (['after', 'before'] as const).map(
        (build) => round.find((l) => l.build === build)!.result.requestsPerSecond,
      );
      return after! / before!;
    });
    console.log(
      `after ÷ before req/s, median of ${ROUNDS} round(s): ${median(ratios).toFixed(2)} (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}); CPU per answer before ÷ after: ${(cpu('before') / cpu('after')).toFixed(2)}`,
    );
  }
}

async function main() {
  if (!existsSync(path.join(repoRoot, 'dist/server/db/pglite.js')))
    throw new Error(
      'dist/server predates src/server/db/pglite.ts: run `npx tsc -p tsconfig.server.json`',
    );
  const before = args.before ? beforeBuild(args.before) : undefined;
  try {
    const builds = new Map<Build, string>([['after', repoRoot]]);
    if (before) builds.set('before', before.root);
    const memory = args['skip-memory'] ? [] : await memoryRows(builds);
    const search = args['skip-search'] ? undefined : await searchLoads(builds);

    console.log(heading('Embedded database: memory and the search without the cache'));
    console.log(
      `${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}; before: ${args.before ?? '(not run)'}`,
    );
    if (memory.length > 0) printMemory(memory);
    if (search) printSearch(search);
  } finally {
    before?.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
