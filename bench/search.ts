/**
 * Provider search benchmark: `npm run bench:search [-- --n 1000000 --db pglite|postgres|both]`.
 *
 * Fills a fresh database with N synthetic approved providers spread over the contiguous US, then
 * measures the real search (searchProviders / searchQuery) directly and through HTTP (buildApp +
 * autocannon in a child process), prints the EXPLAIN (ANALYZE, BUFFERS) plan, where the time of a
 * request goes, and PASS/MISS against the targets. PGlite runs in memory; PostgreSQL runs in a
 * throw-away database `tf_bench_<random>` on the server of BENCH_DATABASE_URL, dropped at the end.
 * See docs/benchmarks.md.
 */
import { sql } from 'drizzle-orm';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { z } from 'zod';
import {
  providerSearchSchema,
  searchAnswerItemSchema,
  SEARCH_DEFAULT_LIMIT,
  type ProviderSearch,
} from '../src/core/providers/search.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import {
  explainPlan,
  openDatabase,
  selectRows,
  type Database,
  type DatabaseHandle,
} from '../src/server/db/client.ts';
import { searchProviders, searchQuery } from '../src/server/modules/providers/search.repository.ts';
import { cpuMeter, describeCpu, type CpuReading } from './lib/cpu.ts';
import { fillProviders, type FillTimings } from './lib/fill.ts';
import type { LoadResult } from './lib/http-load.ts';
import { loadInChild } from './lib/load-child.ts';
import pg from 'pg';
import { metros, prng, searchPoint, type PointKind, type SearchPoint } from './lib/points.ts';
import { heading, int, median, ms, summarize, table, type Summary } from './lib/stats.ts';
import { progress, withScratchDatabase } from './lib/scratch.ts';

// ---------------------------------------------------------------------------------------------
// Options

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '100000' },
    db: { type: 'string' },
    queries: { type: 'string', default: '500' },
    warmup: { type: 'string', default: '100' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    seed: { type: 'string', default: '42' },
    'keep-indexes': { type: 'boolean', default: false },
    'skip-http': { type: 'boolean', default: false },
    'keep-database': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help) {
  console.log(`npm run bench:search -- [options]
  --n <count>          providers to generate (default 100000; 1e6 or 1_000_000 work)
  --db <which>         pglite | postgres | both (default: both when BENCH_DATABASE_URL is set, else pglite)
  --queries <count>    measured searches per scenario (default 500)
  --warmup <count>     searches before measuring (default 100)
  --duration <s>       seconds of each loaded HTTP run (default 10)
  --connections <c>    autocannon connections (default 50)
  --seed <int>         seed of the data and the search points (default 42)
  --keep-indexes       fill with the indexes in place (slower) instead of rebuilding them after
  --skip-http          database measurements only
  --keep-database      leave the PostgreSQL tf_bench_* database in place for inspection (drop it yourself)
Environment: BENCH_DATABASE_URL=postgres://user@host:port/db  (a server; a tf_bench_* database is created and dropped)`);
  process.exit(0);
}

const count = (name: string, value: string | undefined) => {
  const parsed = Number((value ?? '').replace(/_/g, ''));
  if (!Number.isFinite(parsed) || parsed < 1)
    throw new Error(`--${name} must be a positive number`);
  return Math.round(parsed);
};

const N = count('n', args.n);
const QUERIES = count('queries', args.queries);
const WARMUP = count('warmup', args.warmup);
const HTTP_SECONDS = count('duration', args.duration);
const CONNECTIONS = count('connections', args.connections);
const SEED = count('seed', args.seed);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || undefined;
const which = args.db ?? (POSTGRES_URL ? 'both' : 'pglite');
if (!['pglite', 'postgres', 'both'].includes(which))
  throw new Error('--db: pglite, postgres or both');
if (which !== 'pglite' && !POSTGRES_URL)
  throw new Error('--db postgres needs BENCH_DATABASE_URL=postgres://… (a PostgreSQL server)');

const RADIUS = 25;
const EXPLAIN_AT = metros.find((m) => m.name === 'Chicago')!;
const SERVER_TIMING_SAMPLES = 100;

// ---------------------------------------------------------------------------------------------
// Measurements

interface Search {
  point: SearchPoint;
  radius: number;
  params: ProviderSearch;
}

function searches(rand: () => number, howMany: number, radius: () => number): Search[] {
  return Array.from({ length: howMany }, () => {
    const point = searchPoint(rand);
    const r = radius();
    const params = providerSearchSchema.parse({
      latitude: String(point.latitude),
      longitude: String(point.longitude),
      radius: String(r),
    });
    return { point, radius: r, params };
  });
}

interface Timed {
  search: Search;
  ms: number;
  rows: number;
}

async function runSearches(db: Database, list: Search[]): Promise<Timed[]> {
  const out: Timed[] = [];
  for (const search of list) {
    const start = performance.now();
    const page = await searchProviders(db, search.params);
    out.push({ search, ms: performance.now() - start, rows: page.items.length });
  }
  return out;
}

interface Scenario extends Summary {
  avgRows: number;
  full: number;
}

function scenario(results: Timed[]): Scenario {
  const rows = results.map((r) => r.rows);
  return {
    ...summarize(results.map((r) => r.ms)),
    avgRows: rows.reduce((a, b) => a + b, 0) / Math.max(1, rows.length),
    full: results.filter((r) => r.rows >= r.search.params.limit).length / Math.max(1, rows.length),
  };
}

/** The pg Pool or PGlite instance under drizzle; both answer `query(text, params)`. */
const driver = (db: Database) =>
  (
    db as unknown as {
      $client: {
        query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
      };
    }
  ).$client;

interface ServerTiming {
  execution: Summary;
  planning: Summary;
  jitQueries: number;
  samples: number;
}

/** Server-side time of the same searches (EXPLAIN ANALYZE without per-node timing). */
async function serverTimings(db: Database, list: Search[]): Promise<ServerTiming> {
  const execution: number[] = [];
  const planning: number[] = [];
  let jitQueries = 0;
  const client = driver(db);
  for (const search of list) {
    const query = searchQuery(db, search.params);
    const result = await client.query(
      `explain (analyze, timing off, format json) ${query.sql}`,
      query.params,
    );
    const raw = result.rows[0]?.['QUERY PLAN'];
    const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
      'Execution Time': number;
      'Planning Time': number;
      JIT?: unknown;
    }[];
    const plan = doc[0]!;
    execution.push(plan['Execution Time']);
    planning.push(plan['Planning Time']);
    if (plan.JIT) jitQueries += 1;
  }
  return {
    execution: summarize(execution),
    planning: summarize(planning),
    jitQueries,
    samples: list.length,
  };
}

interface Breakdown {
  rows: number;
  jsonBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  searchProvidersMs: number;
  buildSqlMs: number;
  rawDriverMs: number;
  serverExecutionMs: number;
  zodParseMs: number;
  serializerMs: number;
  stringifyMs: number;
  gzipMs: number;
  brotliMs: number;
}

function timeIt(fn: () => unknown, iterations: number): number {
  for (let i = 0; i < Math.min(20, iterations); i++) fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

async function timeAsync(fn: () => Promise<unknown>, iterations: number): Promise<number> {
  for (let i = 0; i < Math.min(5, iterations); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

/** Where the time of one typical 25-mile metro search (the default page of list items) goes. */
async function breakdown(db: Database): Promise<Breakdown> {
  const params = providerSearchSchema.parse({
    latitude: String(EXPLAIN_AT.lat),
    longitude: String(EXPLAIN_AT.lng),
    radius: String(RADIUS),
  });
  const rows = (await searchProviders(db, params)).items;
  const serialize = serializerCompiler({
    schema: z.array(searchAnswerItemSchema),
    method: 'GET',
    url: '/api/providers',
    httpStatus: '200',
  });
  const json = serialize(rows);
  const query = searchQuery(db, params);
  const server = await serverTimings(
    db,
    Array.from({ length: 20 }, () => ({
      point: {
        kind: 'metro',
        latitude: EXPLAIN_AT.lat,
        longitude: EXPLAIN_AT.lng,
        label: 'Chicago',
      },
      radius: RADIUS,
      params,
    })),
  );
  return {
    rows: rows.length,
    jsonBytes: Buffer.byteLength(json),
    gzipBytes: gzipSync(json).length,
    brotliBytes: brotliCompressSync(json, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5 },
    }).length,
    searchProvidersMs: await timeAsync(() => searchProviders(db, params), 50),
    buildSqlMs: timeIt(() => searchQuery(db, params), 200),
    rawDriverMs: await timeAsync(() => driver(db).query(query.sql, query.params), 50),
    serverExecutionMs: server.execution.p50,
    zodParseMs: timeIt(() => searchAnswerItemSchema.array().parse(rows), 200),
    serializerMs: timeIt(() => serialize(rows), 200),
    stringifyMs: timeIt(() => JSON.stringify(rows), 200),
    gzipMs: timeIt(() => gzipSync(json), 50),
    brotliMs: timeIt(
      () => brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
      50,
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP

const load = loadInChild;

interface HttpResults {
  loaded: LoadResult;
  loadedCpu: CpuReading;
  single: LoadResult;
  compressed: LoadResult;
  randomOnly: LoadResult;
  randomCpu: CpuReading;
  inject: InjectTiming;
  /** The same app with the search cache on (15 s): all points, unseen random points, inject. */
  cached: { loaded: LoadResult; randomOnly: LoadResult; inject: InjectTiming };
  /** PostgreSQL only: the random points' SQL run straight through pg by as many clients. */
  bare?: BareLoad;
}

interface BareLoad {
  queriesPerSecond: number;
  p50: number;
  p99: number;
  cpu: CpuReading;
}

interface InjectTiming {
  wallMs: number;
  cpuMs: number;
  bytes: number;
}

/**
 * One request at a time through app.inject (no sockets): wall time, and the CPU this process
 * spends per request. With PostgreSQL that CPU is all Node's (driver, drizzle, zod, Fastify);
 * with PGlite it includes the database, which runs in this process.
 */
async function injectTiming(app: Awaited<ReturnType<typeof buildApp>>): Promise<InjectTiming> {
  const url = `/api/providers?latitude=${EXPLAIN_AT.lat}&longitude=${EXPLAIN_AT.lng}&radius=${RADIUS}`;
  let bytes = 0;
  for (let i = 0; i < 20; i++) bytes = (await app.inject({ method: 'GET', url })).rawPayload.length;
  const times: number[] = [];
  const usage = process.cpuUsage();
  const iterations = 100;
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url });
    times.push(performance.now() - start);
    if (response.statusCode !== 200) throw new Error(`inject answered ${response.statusCode}`);
  }
  const used = process.cpuUsage(usage);
  return { wallMs: median(times), cpuMs: (used.user + used.system) / 1000 / iterations, bytes };
}

/**
 * The same searches as pg alone runs them: the filled SQL of each point, prepared by name as the
 * app does, by CONNECTIONS clients in a loop for HTTP_SECONDS. What the HTTP figures compare with.
 */
async function bareLoad(url: string, db: Database, points: SearchPoint[]): Promise<BareLoad> {
  const queries = points.map((p) => {
    const query = searchQuery(
      db,
      providerSearchSchema.parse({
        latitude: String(p.latitude),
        longitude: String(p.longitude),
        radius: String(RADIUS),
      }),
    );
    const name = `bare_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`;
    return { name, text: query.sql, values: query.params, rowMode: 'array' as const };
  });
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  // An idle connection the server ends is replaced on next use, as in the app (db/client.ts).
  pool.on('error', () => undefined);
  const run = async (seconds: number) => {
    const until = performance.now() + seconds * 1000;
    const latencies: number[] = [];
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, worker) => {
        for (let i = worker * 37; performance.now() < until; i++) {
          const start = performance.now();
          await pool.query(queries[i % queries.length]!);
          latencies.push(performance.now() - start);
        }
      }),
    );
    return latencies;
  };
  try {
    await run(3);
    const meter = cpuMeter();
    const latencies = await run(HTTP_SECONDS);
    const cpu = meter();
    const s = summarize(latencies);
    return { queriesPerSecond: latencies.length / HTTP_SECONDS, p50: s.p50, p99: s.p99, cpu };
  } finally {
    await pool.end();
  }
}

async function measureHttp(
  handle: DatabaseHandle,
  databaseUrl: string | undefined,
): Promise<HttpResults> {
  const start = async (cacheSeconds: number) => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      SEED_DEMO: 'false',
      DATA_DIR: 'memory://',
      RATE_LIMIT_PER_MINUTE: '100000000',
      SEARCH_CACHE_SECONDS: String(cacheSeconds),
    });
    // The production serializers; test mode keeps the log quiet and the limits open.
    const app = await buildApp(config, { database: handle, serializer: 'compiled' });
    return { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };
  };
  const rand = prng(SEED + 7);
  const points = Array.from({ length: 2000 }, () => searchPoint(rand));
  const randomPoints = points.filter((p) => p.kind === 'random');
  const path = (p: SearchPoint) =>
    `/api/providers?latitude=${p.latitude}&longitude=${p.longitude}&radius=${RADIUS}`;
  const paths = points.map(path);
  const randomPaths = randomPoints.map(path);

  const off = await start(0);
  let results: Omit<HttpResults, 'cached' | 'bare'>;
  try {
    progress(`HTTP, cache off: ${RADIUS}-mile requests at ${EXPLAIN_AT.name} through app.inject`);
    const inject = await injectTiming(off.app);
    const base = { url: off.url, paths, connections: CONNECTIONS };
    progress(`HTTP warm-up (3 s) against ${off.url}`);
    await load({ ...base, durationSeconds: 3 });
    progress(`HTTP ${CONNECTIONS} connections, ${HTTP_SECONDS} s`);
    const meter = cpuMeter();
    const loaded = await load({ ...base, durationSeconds: HTTP_SECONDS });
    const loadedCpu = meter();
    progress('HTTP 1 connection, 5 s');
    const single = await load({ ...base, connections: 1, durationSeconds: 5 });
    progress(`HTTP ${CONNECTIONS} connections with Accept-Encoding: br, gzip, ${HTTP_SECONDS} s`);
    const compressed = await load({
      ...base,
      durationSeconds: HTTP_SECONDS,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    progress(`HTTP ${CONNECTIONS} connections, random points only, ${HTTP_SECONDS} s`);
    const randomMeter = cpuMeter();
    const randomOnly = await load({ ...base, paths: randomPaths, durationSeconds: HTTP_SECONDS });
    const randomCpu = randomMeter();
    results = { loaded, loadedCpu, single, compressed, randomOnly, randomCpu, inject };
  } finally {
    await off.app.close();
  }

  const on = await start(15);
  let cached: HttpResults['cached'];
  try {
    progress('HTTP, cache on: the same through app.inject');
    const inject = await injectTiming(on.app);
    const base = { url: on.url, paths, connections: CONNECTIONS };
    await load({ ...base, durationSeconds: 3 });
    progress(`HTTP, cache on: ${CONNECTIONS} connections, ${HTTP_SECONDS} s`);
    const loaded = await load({ ...base, durationSeconds: HTTP_SECONDS });
    // Points no earlier run asked for, each asked once: what the cache does for searches it has
    // never seen (its cost), not what repeats make of it.
    const fresh = prng(SEED + 11);
    const unseen = Array.from({ length: 60_000 }, () => searchPoint(fresh))
      .filter((p) => p.kind === 'random')
      .map(path);
    progress(`HTTP, cache on: ${CONNECTIONS} connections, unseen random points, ${HTTP_SECONDS} s`);
    const randomOnly = await load({ ...base, paths: unseen, durationSeconds: HTTP_SECONDS });
    cached = { loaded, randomOnly, inject };
  } finally {
    await on.app.close();
  }

  let bare: BareLoad | undefined;
  if (databaseUrl) {
    progress(`pg alone: the random points' SQL, ${CONNECTIONS} clients, ${HTTP_SECONDS} s`);
    bare = await bareLoad(databaseUrl, handle.db, randomPoints);
  }
  return { ...results, cached, bare };
}

// ---------------------------------------------------------------------------------------------
// One database

interface Run {
  label: string;
  kind: 'pglite' | 'postgres';
  n: number;
  version: string;
  openMs: number;
  fill: FillTimings;
  sizes: { table: string; indexes: string; searchIndex: string };
  rssMb: number;
  headline: Scenario;
  byKind: Record<PointKind, Scenario>;
  randomRadius: Scenario;
  dbCpu: CpuReading;
  server: ServerTiming;
  plan: string;
  planUsesIndex: boolean;
  planSeqScan: boolean;
  breakdown: Breakdown;
  http?: HttpResults;
}

async function benchmark(label: string, databaseUrl: string | undefined): Promise<Run> {
  progress(`${label}: opening and migrating`);
  const openStart = performance.now();
  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  const openMs = performance.now() - openStart;
  try {
    const { db } = handle;
    const [{ version } = { version: '?' }] = await selectRows<{ version: string }>(
      db,
      sql`select version() as version`,
    );
    progress(`${label}: filling ${int(N)} providers`);
    const fill = await fillProviders(db, N, {
      seed: (SEED % 1000) / 1000,
      rebuildIndexes: !args['keep-indexes'],
    });
    progress(`${label}: filled in ${ms(fill.totalMs / 1000, 1)} s`);
    const [sizes] = await selectRows<{ table: string; indexes: string; searchIndex: string }>(
      db,
      sql`select pg_size_pretty(pg_table_size('service_providers')) as "table",
                 pg_size_pretty(pg_indexes_size('service_providers')) as "indexes",
                 pg_size_pretty(pg_relation_size('service_providers_search_idx')) as "searchIndex"`,
    );

    const rand = prng(SEED);
    progress(`${label}: warm-up (${WARMUP} searches)`);
    await runSearches(
      db,
      searches(rand, WARMUP, () => 5 + rand() * 45),
    );

    const meter = cpuMeter();
    progress(`${label}: ${QUERIES} searches of ${RADIUS} miles`);
    const headlineList = searches(rand, QUERIES, () => RADIUS);
    const headlineResults = await runSearches(db, headlineList);
    progress(`${label}: ${QUERIES} searches of 5..50 miles`);
    const randomResults = await runSearches(
      db,
      searches(rand, QUERIES, () => Math.round((5 + rand() * 45) * 10) / 10),
    );

    const dbCpu = meter();
    progress(`${label}: server-side timings and EXPLAIN`);
    const server = await serverTimings(db, headlineList.slice(0, SERVER_TIMING_SAMPLES));
    const explainParams = providerSearchSchema.parse({
      latitude: String(EXPLAIN_AT.lat),
      longitude: String(EXPLAIN_AT.lng),
      radius: String(RADIUS),
    });
    const plan = await explainPlan(db, searchQuery(db, explainParams), true);
    const brk = await breakdown(db);

    const http = args['skip-http'] ? undefined : await measureHttp(handle, databaseUrl);
    return {
      label,
      kind: handle.kind,
      n: N,
      version,
      openMs,
      fill,
      sizes: sizes ?? { table: '?', indexes: '?', searchIndex: '?' },
      rssMb: process.memoryUsage().rss / 1024 / 1024,
      headline: scenario(headlineResults),
      byKind: {
        metro: scenario(headlineResults.filter((r) => r.search.point.kind === 'metro')),
        random: scenario(headlineResults.filter((r) => r.search.point.kind === 'random')),
      },
      randomRadius: scenario(randomResults),
      dbCpu,
      server,
      plan,
      planUsesIndex: plan.includes('service_providers_search_idx'),
      planSeqScan: /Seq Scan on service_providers/.test(plan),
      breakdown: brk,
      http,
    };
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const latencyRow = (name: string, s: Scenario) => [
  name,
  int(s.count),
  ms(s.p50),
  ms(s.p95),
  ms(s.p99),
  ms(s.max),
  ms(s.mean),
  ms(s.avgRows, 1),
  `${Math.round(s.full * 100)}%`,
];

function report(run: Run) {
  const out: string[] = [];
  out.push(heading(`${run.label}: ${int(run.n)} providers`));
  out.push(`Server: ${run.version.split(',')[0]}`);
  out.push(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}; ${new Date().toISOString()}, load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  out.push('');
  out.push(
    table([
      ['Fill step', 'Time'],
      ['open + migrate', `${ms(run.openMs / 1000, 2)} s`],
      ['users (generate_series)', `${ms(run.fill.usersMs / 1000, 2)} s`],
      ['service_providers', `${ms(run.fill.providersMs / 1000, 2)} s`],
      ['rebuild indexes', `${ms(run.fill.indexesMs / 1000, 2)} s`],
      ['vacuum analyze', `${ms(run.fill.vacuumAnalyzeMs / 1000, 2)} s`],
      ['total fill', `${ms(run.fill.totalMs / 1000, 2)} s`],
    ]),
  );
  out.push(
    `Table ${run.sizes.table}, its indexes ${run.sizes.indexes} (service_providers_search_idx ${run.sizes.searchIndex}); bench process RSS ${int(run.rssMb)} MB`,
  );
  out.push('');
  out.push('Database search (searchProviders, one at a time, milliseconds):');
  out.push(
    table([
      ['Scenario', 'Queries', 'p50', 'p95', 'p99', 'max', 'mean', 'avg rows', 'hit limit'],
      latencyRow(`${RADIUS} mi, limit ${SEARCH_DEFAULT_LIMIT} (headline)`, run.headline),
      latencyRow(`  of which near a metro centre`, run.byKind.metro),
      latencyRow(`  of which random point`, run.byKind.random),
      latencyRow('5..50 mi random radius', run.randomRadius),
    ]),
  );
  out.push(
    `Server-side (EXPLAIN ANALYZE, timing off) of ${run.server.samples} of the ${RADIUS}-mile searches: execution p50 ${ms(run.server.execution.p50)} / p95 ${ms(run.server.execution.p95)} / p99 ${ms(run.server.execution.p99)} ms, planning p50 ${ms(run.server.planning.p50)} ms; JIT used by ${run.server.jitQueries} of ${run.server.samples}.`,
  );
  out.push(`During these searches: ${describeCpu(run.dbCpu)}.`);
  out.push('');
  out.push(`EXPLAIN (ANALYZE, BUFFERS) of a ${RADIUS}-mile search at ${EXPLAIN_AT.name} centre:`);
  out.push(run.plan.replace(/^/gm, '  '));
  out.push(
    run.planUsesIndex && !run.planSeqScan
      ? '=> The plan uses service_providers_search_idx (no Seq Scan on service_providers).'
      : `=> WARNING: the plan does NOT use service_providers_search_idx${run.planSeqScan ? ' — it has a Seq Scan on service_providers' : ''}.`,
  );
  out.push('');
  const b = run.breakdown;
  out.push(
    `Where the time of one request goes (${RADIUS} mi at ${EXPLAIN_AT.name}, ${b.rows} providers, medians):`,
  );
  out.push(
    table([
      ['Step', 'ms'],
      ['database: server execution (EXPLAIN ANALYZE)', ms(b.serverExecutionMs, 3)],
      ['database: same SQL through the bare driver client', ms(b.rawDriverMs, 3)],
      ['drizzle: build the SQL and its values (searchQuery)', ms(b.buildSqlMs, 3)],
      ['database: searchProviders (query + toProvider)', ms(b.searchProvidersMs, 3)],
      ['zod: searchAnswerItemSchema.array().parse(rows)', ms(b.zodParseMs, 3)],
      ['route serializer (zod encode + JSON.stringify)', ms(b.serializerMs, 3)],
      ['JSON.stringify(rows) alone', ms(b.stringifyMs, 3)],
      ['gzip (level 6) of the body', ms(b.gzipMs, 3)],
      ['brotli (quality 5) of the body', ms(b.brotliMs, 3)],
    ]),
  );
  out.push(
    `Body: ${int(b.jsonBytes)} B of JSON (${int(b.gzipBytes)} B gzip, ${int(b.brotliBytes)} B brotli q5).`,
  );
  if (run.http) {
    out.push('');
    out.push(
      `HTTP GET /api/providers?latitude=…&longitude=…&radius=${RADIUS} (autocannon, milliseconds):`,
    );
    const h = (name: string, r: LoadResult) => [
      name,
      ms(r.requestsPerSecond, 1),
      int(r.requests),
      ms(r.latency.p2_5, 0),
      ms(r.latency.p50, 0),
      ms(r.latency.p97_5, 0),
      ms(r.latency.p99, 0),
      ms(r.latency.max, 0),
      ms(r.latency.mean, 1),
      int(r.non2xx),
      int(r.errors),
      int(r.timeouts),
      int(r.bytesPerRequest),
    ];
    out.push(
      table([
        [
          'Run',
          'req/s',
          'requests',
          'p2.5',
          'p50',
          'p97.5',
          'p99',
          'max',
          'mean',
          'non-2xx',
          'errors',
          'timeouts',
          'B/resp',
        ],
        h(`cache off: ${CONNECTIONS} connections, ${HTTP_SECONDS} s`, run.http.loaded),
        h('cache off: 1 connection, 5 s', run.http.single),
        h(`cache off: ${CONNECTIONS} conn., random points only`, run.http.randomOnly),
        h(`cache off: ${CONNECTIONS} conn., Accept-Encoding br`, run.http.compressed),
        h(`cache on: ${CONNECTIONS} connections, ${HTTP_SECONDS} s`, run.http.cached.loaded),
        h(`cache on: ${CONNECTIONS} conn., unseen random points`, run.http.cached.randomOnly),
      ]),
    );
    const { loaded, randomOnly, bare } = run.http;
    out.push(
      `Little's law: ${CONNECTIONS} connections / ${ms(loaded.requestsPerSecond, 0)} req/s = ${ms((CONNECTIONS / loaded.requestsPerSecond) * 1000, 0)} ms mean latency; p99 ≤ 100 ms at ${CONNECTIONS} connections needs well over ${int(CONNECTIONS / 0.1)} req/s.`,
    );
    out.push(
      `During the ${CONNECTIONS}-connection run (cache off): ${describeCpu(run.http.loadedCpu)} (autocannon runs in a child process); this process's CPU per answer ${ms(cpuPerRequest(run.http.loadedCpu, loaded), 2)} ms.`,
    );
    const { inject } = run.http;
    const cachedInject = run.http.cached.inject;
    out.push(
      `One request at a time through app.inject (${RADIUS} mi at ${EXPLAIN_AT.name}, ${int(inject.bytes)} B): cache off median ${ms(inject.wallMs)} ms wall, ${ms(inject.cpuMs)} ms of this process's CPU per request; cache on ${ms(cachedInject.wallMs)} ms wall, ${ms(cachedInject.cpuMs)} ms CPU${run.kind === 'pglite' ? ' (PGlite runs in this process, so that includes the database)' : ' (the database runs in PostgreSQL, so that is Node: driver, drizzle, Fastify, serializer)'}.`,
    );
    if (bare)
      out.push(
        `pg alone, the random points' SQL by ${CONNECTIONS} clients: ${int(bare.queriesPerSecond)} queries/s, p50 ${ms(bare.p50)} ms, p99 ${ms(bare.p99)} ms; ${describeCpu(bare.cpu)}.`,
      );
    out.push('');
    out.push('Ratios measured in this run (absolute figures above):');
    const ratioRows = [['Ratio', 'Value', 'Of']];
    const loadedCpuMs = cpuPerRequest(run.http.loadedCpu, loaded);
    const execution = run.server.execution.p50;
    if (run.kind === 'postgres') {
      ratioRows.push([
        `Node CPU per answer at ${CONNECTIONS} connections (cache off) ÷ database execution p50 of the ${RADIUS}-mile searches`,
        (loadedCpuMs / execution).toFixed(2),
        `${ms(loadedCpuMs, 2)} ms ÷ ${ms(execution, 2)} ms`,
      ]);
      ratioRows.push([
        `Node CPU per answer one at a time through app.inject (cache off) ÷ that query's execution (${EXPLAIN_AT.name})`,
        (inject.cpuMs / b.serverExecutionMs).toFixed(2),
        `${ms(inject.cpuMs, 2)} ms ÷ ${ms(b.serverExecutionMs, 2)} ms`,
      ]);
      ratioRows.push([
        `The same with the cache on (a repeated query: answered from the cache)`,
        (cachedInject.cpuMs / b.serverExecutionMs).toFixed(2),
        `${ms(cachedInject.cpuMs, 2)} ms ÷ ${ms(b.serverExecutionMs, 2)} ms`,
      ]);
    }
    if (bare)
      ratioRows.push([
        `HTTP req/s ÷ pg alone queries/s (random points, ${CONNECTIONS} each, cache off)`,
        (randomOnly.requestsPerSecond / bare.queriesPerSecond).toFixed(2),
        `${int(randomOnly.requestsPerSecond)} ÷ ${int(bare.queriesPerSecond)}`,
      ]);
    ratioRows.push([
      'HTTP req/s cache on (unseen random points) ÷ cache off (random points)',
      (run.http.cached.randomOnly.requestsPerSecond / randomOnly.requestsPerSecond).toFixed(2),
      `${int(run.http.cached.randomOnly.requestsPerSecond)} ÷ ${int(randomOnly.requestsPerSecond)}`,
    ]);
    out.push(table(ratioRows));
  }
  console.log(out.join('\n'));
}

interface Target {
  kind: 'pglite' | 'postgres';
  n: number;
  name: string;
  goal: string;
  measured: (run: Run) => { text: string; pass: boolean } | undefined;
}

/** Milliseconds of this process's CPU per answer during a load. */
const cpuPerRequest = (cpu: CpuReading, result: LoadResult) =>
  cpu.processMs / Math.max(1, result.requests);

const atMost = (value: number, limit: number) => ({
  text: `${ms(value)} ms`,
  pass: value <= limit,
});

const targets: Target[] = [
  {
    kind: 'postgres',
    n: 1_000_000,
    name: `DB ${RADIUS} mi p50`,
    goal: '≤ 5 ms',
    measured: (r) => atMost(r.headline.p50, 5),
  },
  {
    kind: 'postgres',
    n: 1_000_000,
    name: `DB ${RADIUS} mi p99`,
    goal: '≤ 25 ms',
    measured: (r) => atMost(r.headline.p99, 25),
  },
  {
    kind: 'postgres',
    n: 1_000_000,
    name: `HTTP p99, ${CONNECTIONS} conn., random points, cache off`,
    goal: '≤ 100 ms',
    measured: (r) => (r.http ? atMost(r.http.randomOnly.latency.p99, 100) : undefined),
  },
  {
    kind: 'postgres',
    n: 1_000_000,
    name: `HTTP p99, ${CONNECTIONS} conn., random points, cache on`,
    goal: '≤ 100 ms',
    measured: (r) => (r.http ? atMost(r.http.cached.randomOnly.latency.p99, 100) : undefined),
  },
  {
    kind: 'postgres',
    n: 1_000_000,
    name: `Node CPU per answer ÷ DB execution (${CONNECTIONS} conn., cache off)`,
    goal: '≤ 0.5',
    measured: (r) => {
      if (!r.http) return undefined;
      const ratio = cpuPerRequest(r.http.loadedCpu, r.http.loaded) / r.server.execution.p50;
      return { text: ratio.toFixed(2), pass: ratio <= 0.5 };
    },
  },
  {
    kind: 'postgres',
    n: 1_000_000,
    name: 'plan uses service_providers_search_idx',
    goal: 'index scan, no Seq Scan',
    measured: (r) => ({
      text: r.planUsesIndex && !r.planSeqScan ? 'index' : 'NO INDEX',
      pass: r.planUsesIndex && !r.planSeqScan,
    }),
  },
  {
    kind: 'pglite',
    n: 100_000,
    name: `DB ${RADIUS} mi p50`,
    goal: '≤ 20 ms',
    measured: (r) => atMost(r.headline.p50, 20),
  },
];

function verdicts(runs: Run[]) {
  const rows = [['Database', 'Target N', 'Measure', 'Target', 'Measured', 'Result']];
  for (const target of targets) {
    const label = target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const run = runs.find((r) => r.kind === target.kind);
    const m = run ? target.measured(run) : undefined;
    let result = 'not run';
    if (run && !m) result = 'not measured';
    else if (run && m) {
      result = m.pass ? 'PASS' : 'MISS';
      if (run.n !== target.n) result = `${result}* (ran N=${int(run.n)}, not ${int(target.n)})`;
    }
    rows.push([label, int(target.n), target.name, target.goal, m?.text ?? '-', result]);
  }
  console.log(heading('Targets'));
  console.log(table(rows));
  if (rows.some((r) => r[5]?.includes('*')))
    console.log('* indicative only: the target is defined for another number of providers.');
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const runs: Run[] = [];
  console.log(
    `Provider search benchmark: N = ${int(N)}, ${QUERIES} queries per scenario after ${WARMUP} warm-up, HTTP ${CONNECTIONS} connections × ${HTTP_SECONDS} s, seed ${SEED}`,
  );
  if (which === 'pglite' || which === 'both') {
    const run = await benchmark('PGlite (in memory)', undefined);
    report(run);
    runs.push(run);
  }
  if ((which === 'postgres' || which === 'both') && POSTGRES_URL) {
    const run = await withScratchDatabase(POSTGRES_URL, (url) => benchmark('PostgreSQL', url), {
      name: `tf_bench_${randomBytes(4).toString('hex')}`,
      keep: args['keep-database'],
    });
    report(run);
    runs.push(run);
  }
  verdicts(runs);
  progress('done');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
