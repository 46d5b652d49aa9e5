import { createHash } from 'node:crypto';
import { providerSearchSchema } from '../../src/core/providers/search.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { type Database, type DatabaseHandle } from '../../src/server/db/client.ts';
import { searchQuery } from '../../src/server/modules/providers/search.repository.ts';
import { cpuMeter, type CpuReading } from '../lib/cpu.ts';
import type { LoadResult } from '../lib/http-load.ts';
import { loadInChild } from '../lib/load-child.ts';
import pg from 'pg';
import { prng, searchPoint, type SearchPoint } from '../lib/points.ts';
import { median, summarize } from '../lib/stats.ts';
import { progress } from '../lib/scratch.ts';
import { HTTP_SECONDS, CONNECTIONS, SEED, RADIUS, EXPLAIN_AT } from './options.ts';
export const load = loadInChild;

export interface HttpResults {
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

export interface BareLoad {
  queriesPerSecond: number;
  p50: number;
  p99: number;
  cpu: CpuReading;
}

export interface InjectTiming {
  wallMs: number;
  cpuMs: number;
  bytes: number;
}

/**
 * One request at a time through app.inject (no sockets): wall time, and the CPU this process
 * spends per request. With PostgreSQL that CPU is all Node's (driver, drizzle, zod, Fastify);
 * with PGlite it includes the database, which runs in this process.
 */
export async function injectTiming(
  app: Awaited<ReturnType<typeof buildApp>>,
): Promise<InjectTiming> {
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
export async function bareLoad(
  url: string,
  db: Database,
  points: SearchPoint[],
): Promise<BareLoad> {
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

export async function measureHttp(
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

/** Milliseconds of this process's CPU per answer during a load. */
export const cpuPerRequest = (cpu: CpuReading, result: LoadResult) =>
  cpu.processMs / Math.max(1, result.requests);
