import { serializerCompiler } from 'fastify-type-provider-zod';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { z } from 'zod';
import {
  providerSearchSchema,
  searchAnswerItemSchema,
  type ProviderSearch,
} from '../../src/core/providers/search.ts';
import { type Database } from '../../src/server/db/client.ts';
import {
  searchProviders,
  searchQuery,
} from '../../src/server/modules/providers/search.repository.ts';
import { searchPoint, type SearchPoint } from '../lib/points.ts';
import { median, summarize, type Summary } from '../lib/stats.ts';
import { RADIUS, EXPLAIN_AT } from './options.ts';
export interface Search {
  point: SearchPoint;
  radius: number;
  params: ProviderSearch;
}

export function searches(rand: () => number, howMany: number, radius: () => number): Search[] {
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

export interface Timed {
  search: Search;
  ms: number;
  rows: number;
}

export async function runSearches(db: Database, list: Search[]): Promise<Timed[]> {
  const out: Timed[] = [];
  for (const search of list) {
    const start = performance.now();
    const page = await searchProviders(db, search.params);
    out.push({ search, ms: performance.now() - start, rows: page.items.length });
  }
  return out;
}

export interface Scenario extends Summary {
  avgRows: number;
  full: number;
}

export function scenario(results: Timed[]): Scenario {
  const rows = results.map((r) => r.rows);
  return {
    ...summarize(results.map((r) => r.ms)),
    avgRows: rows.reduce((a, b) => a + b, 0) / Math.max(1, rows.length),
    full: results.filter((r) => r.rows >= r.search.params.limit).length / Math.max(1, rows.length),
  };
}

/** The pg Pool or PGlite instance under drizzle; both answer `query(text, params)`. */
export const driver = (db: Database) =>
  (
    db as unknown as {
      $client: {
        query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
      };
    }
  ).$client;

export interface ServerTiming {
  execution: Summary;
  planning: Summary;
  jitQueries: number;
  samples: number;
}

/** Server-side time of the same searches (EXPLAIN ANALYZE without per-node timing). */
export async function serverTimings(db: Database, list: Search[]): Promise<ServerTiming> {
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

export interface Breakdown {
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

export function timeIt(fn: () => unknown, iterations: number): number {
  for (let i = 0; i < Math.min(20, iterations); i++) fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

export async function timeAsync(fn: () => Promise<unknown>, iterations: number): Promise<number> {
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
export async function breakdown(db: Database): Promise<Breakdown> {
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
