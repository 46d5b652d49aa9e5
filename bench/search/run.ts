import { providerSearchSchema } from '../../src/core/providers/search.ts';
import { explainPlan } from '../../src/server/db/client.ts';
import { searchQuery } from '../../src/server/modules/providers/search.repository.ts';
import { cpuMeter, type CpuReading } from '../lib/cpu.ts';
import type { FillTimings } from '../../src/server/test/fill-providers.ts';
import { prng, type PointKind } from '../lib/points.ts';
import { progress } from '../lib/scratch.ts';
import {
  N,
  QUERIES,
  WARMUP,
  SEED,
  RADIUS,
  EXPLAIN_AT,
  SERVER_TIMING_SAMPLES,
  args,
} from './options.ts';
import {
  searches,
  runSearches,
  type Scenario,
  scenario,
  type ServerTiming,
  serverTimings,
  type Breakdown,
  breakdown,
} from './measure.ts';
import { type HttpResults, measureHttp } from './measure-http.ts';
import { openFilled } from './fill.ts';
export interface Run {
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

export async function benchmark(label: string, databaseUrl: string | undefined): Promise<Run> {
  const { handle, openMs, version, fill, sizes } = await openFilled(label, databaseUrl);
  try {
    const { db } = handle;
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
      sizes,
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
