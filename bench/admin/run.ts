/** One run, start to end: open, fill, explain, time through HTTP. */
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { explainPlan, openDatabase, selectRows } from '../../src/server/db/client.ts';
import { ms, summarize, type Summary } from '../lib/stats.ts';
import { progress } from '../lib/scratch.ts';
import { SERVER_TIMING_SAMPLES } from './options.ts';
import { type FillTimings, fill } from './fill.ts';
import { dashboardQuery, type Part, parts, explainJson } from './plan.ts';
import { type HttpTiming, signIn, measureHttp } from './measure-http.ts';

export interface Run {
  version: string;
  settings: string;
  openMs: number;
  fill: FillTimings;
  counts: Record<string, number>;
  sizes: { table: string; indexes: string; statusIdx: string; createdIdx: string };
  plan: string;
  scans: string[];
  seqScanOnBookings: boolean;
  parts: Part[];
  execution: Summary;
  planning: Summary;
  /** The planner's total cost of the statement, and the cost from which it compiles with JIT. */
  totalCost: number;
  jitAboveCost: number;
  jitRuns: number;
  http: HttpTiming;
}

export async function benchmark(url: string): Promise<Run> {
  progress('opening and migrating');
  const openStart = performance.now();
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 2 });
  const openMs = performance.now() - openStart;
  let fillTimings: FillTimings;
  try {
    fillTimings = await fill(handle.db);
  } finally {
    await handle.close();
  }
  progress(`filled in ${ms(fillTimings.totalMs / 1000, 1)} s`);

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    SEED_DEMO: 'false',
    RUN_JOBS: 'false',
    DATA_DIR: 'memory://',
    DATABASE_URL: url,
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  progress('building the app (buildApp) on the bench database');
  const app = await buildApp(config);
  try {
    await app.ready();
    const { db } = app.database;
    const [info] = await selectRows<{ version: string; settings: string; jitAboveCost: number }>(
      db,
      sql`select version() as version,
        'shared_buffers = ' || current_setting('shared_buffers') || ', work_mem = ' ||
        current_setting('work_mem') || ', jit = ' || current_setting('jit') ||
        ', random_page_cost = ' || current_setting('random_page_cost') ||
        ', max_parallel_workers_per_gather = ' || current_setting('max_parallel_workers_per_gather')
        as settings,
        case when current_setting('jit') = 'on' then current_setting('jit_above_cost')::float8
             else 'Infinity'::float8 end as "jitAboveCost"`,
    );
    const countRows = await selectRows<{ name: string; n: number }>(
      db,
      sql`select 'users' as name, count(*)::int as n from users
        union all select 'service_providers', count(*)::int from service_providers
        union all select 'bookings', count(*)::int from bookings
        union all select 'subscriptions', count(*)::int from subscriptions
        union all select 'payments', count(*)::int from payments`,
    );
    const [sizes] = await selectRows<Run['sizes']>(
      db,
      sql`select pg_size_pretty(pg_table_size('bookings')) as "table",
        pg_size_pretty(pg_indexes_size('bookings')) as "indexes",
        pg_size_pretty(pg_relation_size('bookings_status_idx')) as "statusIdx",
        pg_size_pretty(pg_relation_size('bookings_created_at_idx')) as "createdIdx"`,
    );

    const cookie = await signIn(app);
    const http = await measureHttp(app, cookie);

    progress('EXPLAIN (ANALYZE, BUFFERS) of the dashboard statement');
    const query = await dashboardQuery(db, new Date());
    const plan = await explainPlan(db, query, true);
    const scans = plan
      .split('\n')
      .filter((line) => /\b(Seq Scan|Index Scan|Index Only Scan|Bitmap Index Scan)\b/.test(line))
      .map((line) => line.replace(/^[\s->]+/, '').replace(/\s+\(cost=.*$/, ''));
    const breakdown = await parts(db, query);
    const execution: number[] = [];
    const planning: number[] = [];
    let jitRuns = 0;
    let totalCost = Number.NaN;
    for (let i = 0; i < SERVER_TIMING_SAMPLES; i++) {
      const json = await explainJson(db, query, false);
      execution.push(json['Execution Time']);
      planning.push(json['Planning Time']);
      totalCost = json.Plan['Total Cost'];
      if (json.JIT) jitRuns += 1;
    }
    return {
      version: info?.version ?? '?',
      settings: info?.settings ?? '?',
      openMs,
      fill: fillTimings,
      counts: Object.fromEntries(countRows.map((r) => [r.name, r.n])),
      sizes: sizes ?? { table: '?', indexes: '?', statusIdx: '?', createdIdx: '?' },
      plan,
      scans,
      seqScanOnBookings: /Seq Scan on bookings\b/.test(plan),
      parts: breakdown,
      execution: summarize(execution),
      planning: summarize(planning),
      totalCost,
      jitAboveCost: Number(info?.jitAboveCost ?? Number.NaN),
      jitRuns,
      http,
    };
  } finally {
    await app.close();
  }
}
