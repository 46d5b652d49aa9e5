/**
 * Admin dashboard benchmark: `npm run bench:admin [-- --bookings 1000000]`.
 *
 * Creates a throw-away database `tf_bench_admin_<random>` on the PostgreSQL server of
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), applies the migrations,
 * fills it in SQL (users, service providers, bookings over the last 400 days, subscriptions and
 * payments), prints the EXPLAIN (ANALYZE, BUFFERS) plan of the dashboard statement
 * (admin.repository.ts `dashboard`) and times GET /api/admin/dashboard through the real app
 * (buildApp + app.inject) against GET /api/health in the same run. Exits with 1 when the plan reads
 * bookings with a Seq Scan. The database is dropped at the end, also on failure. See
 * docs/benchmarks.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import {
  explainPlan,
  openDatabase,
  selectRows,
  type Database,
  type Executor,
} from '../src/server/db/client.ts';
import { dashboard } from '../src/server/modules/admin/admin.repository.ts';
import { hashPassword } from '../src/server/modules/auth/password.ts';
import { cpuMeter, describeCpu, type CpuReading } from './lib/cpu.ts';
import { heading, int, ms, summarize, table, type Summary } from './lib/stats.ts';
import { progress, withScratchDatabase } from './lib/scratch.ts';

// ---------------------------------------------------------------------------------------------
// Options

const { values: args } = parseArgs({
  options: {
    bookings: { type: 'string', default: '1000000' },
    users: { type: 'string', default: '2000' },
    providers: { type: 'string', default: '1000' },
    requests: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    seed: { type: 'string', default: '42' },
    'keep-database': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help) {
  console.log(`npm run bench:admin -- [options]
  --bookings <count>   bookings to generate over the last 400 days (default 1000000; 1e6 or 1_000_000 work)
  --users <count>      drivers and mechanics (default 2000)
  --providers <count>  service providers, one per mechanic (default 1000)
  --requests <count>   measured requests of each route (default 200)
  --warmup <count>     requests of each route before measuring (default 20)
  --seed <int>         seed of the data (setseed) (default 42)
  --keep-database      leave the tf_bench_admin_* database in place for inspection (drop it yourself)
Environment: BENCH_DATABASE_URL=postgres://user@host:port/db  (default postgres://postgres@127.0.0.1:5432/postgres;
  a tf_bench_admin_* database is created there and dropped at the end)`);
  process.exit(0);
}

const count = (name: string, value: string | undefined) => {
  const parsed = Number((value ?? '').replace(/_/g, ''));
  if (!Number.isFinite(parsed) || parsed < 1)
    throw new Error(`--${name} must be a positive number`);
  return Math.round(parsed);
};

const BOOKINGS = count('bookings', args.bookings);
const USERS = count('users', args.users);
const PROVIDERS = count('providers', args.providers);
const REQUESTS = count('requests', args.requests);
const WARMUP = count('warmup', args.warmup);
const SEED = count('seed', args.seed);
/** A tenth more mechanics than businesses (some have none yet); the other users drive. */
const MECHANICS = Math.ceil(PROVIDERS * 1.1);
const DRIVERS = USERS - MECHANICS;
if (DRIVERS < 1)
  throw new Error(`--users must exceed ${MECHANICS} (1.1 mechanics per provider, plus drivers)`);
const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DAYS = 400;
const SERVER_TIMING_SAMPLES = 10;
const ADMIN = { email: 'admin@bench.test', password: 'bench admin password' };

// ---------------------------------------------------------------------------------------------
// Fill

interface FillTimings {
  usersMs: number;
  providersMs: number;
  bookingsMs: number;
  billingMs: number;
  indexesMs: number;
  vacuumAnalyzeMs: number;
  totalMs: number;
}

const FAKE_HASH = '$argon2id$v=19$m=19456,t=2,p=1$bench$not-a-real-hash';

/** Drivers first (bench1…), then mechanics; sign-ups spread over two years. */
const usersSql = () => `
insert into users (username, email, password_hash, role, name, phone, created_at, updated_at)
select 'bench' || i, 'bench' || i || '@bench.test', '${FAKE_HASH}',
  (case when i <= ${DRIVERS} then 'driver' else 'mechanic' end)::user_role,
  'Bench User ' || i, '555-' || lpad(i::text, 7, '0'), c, c
from (select i, now() - random() * interval '730 days' as c
      from generate_series(1, ${USERS}) as i offset 0) as u`;

/**
 * One business for each of the first PROVIDERS mechanics: 85 % approved (2 % of them suspended),
 * 10 % pending, 5 % rejected; status 70 % available, 12 % busy, 8 % enroute, 10 % offline.
 */
const providersSql = () => `
insert into service_providers (
  user_id, business_name, service_type, description, city, state, latitude, longitude, phone,
  email, visit_fee, hourly_rate, status, rating, review_count, verification, verified_at,
  suspended_at, created_at, updated_at)
select id, 'Bench Provider ' || n,
  (array['mobile_mechanic', 'tire_shop', 'towing'])[1 + n % 3]::service_type,
  'Heavy truck repair, synthetic benchmark provider #' || n || '.',
  (array['Dallas', 'Chicago', 'Atlanta', 'Denver', 'Phoenix'])[1 + n % 5],
  (array['TX', 'IL', 'GA', 'CO', 'AZ'])[1 + n % 5],
  round((30 + r_lat * 15)::numeric, 6), round((-120 + r_lng * 45)::numeric, 6),
  '555-' || lpad(n::text, 7, '0'), 'provider' || n || '@bench.test',
  round((50 + r_fee * 150)::numeric, 2), round((75 + r_fee * 100)::numeric, 2),
  (case when r_status < 0.70 then 'available' when r_status < 0.82 then 'busy'
        when r_status < 0.90 then 'enroute' else 'offline' end)::provider_status,
  round((1 + r_rating * 4)::numeric, 2), floor(r_rating * 300)::int,
  (case when r_verify < 0.85 then 'approved' when r_verify < 0.95 then 'pending'
        else 'rejected' end)::verification_status,
  case when r_verify < 0.85 then created_at + interval '1 day' end,
  case when r_verify < 0.017 then now() - interval '3 days' end,
  created_at, created_at
from (
  select id, created_at, row_number() over (order by created_at, id) as n, random() as r_lat,
    random() as r_lng, random() as r_fee, random() as r_status, random() as r_rating,
    random() as r_verify
  from users where role = 'mechanic' order by created_at, id limit ${PROVIDERS}
  offset 0
) as m`;

/**
 * Bookings over the last DAYS days, more of them lately (the density grows linearly from nothing
 * 400 days ago to twice the average today). Status 60 % completed (with actual_cost), 15 %
 * cancelled, 10 % pending, 10 % confirmed, 5 % in_progress; a random driver and provider each.
 */
const bookingsSql = () => `
with d as (select array_agg(id order by id) as ids, count(*)::int as n from users where role = 'driver'),
     p as (select array_agg(id order by id) as ids, array_agg(visit_fee order by id) as fees,
                  array_agg(service_type::text order by id) as types, count(*)::int as n
           from service_providers)
insert into bookings (
  driver_id, provider_id, service_type, description, preferred_time, status, visit_fee,
  estimated_cost, actual_cost, platform_fee, location, latitude, longitude, confirmed_at,
  created_at, updated_at)
select driver_id, provider_id, service_type,
  (array['Brakes grinding on the trailer axle', 'Flat steer tire, need a replacement',
         'Engine will not start, low air pressure', 'Tow to the nearest shop',
         'Check engine light, loss of power'])[1 + i % 5] || ' (bench #' || i || ')',
  (array['morning', 'afternoon', 'evening', 'asap'])[1 + i % 4],
  status, visit_fee, estimated,
  case when status = 'completed' then round((visit_fee + 50 + r_cost * 900)::numeric, 2) end,
  round(estimated * 0.05, 2),
  'I-' || (10 + i % 80) || ' mile ' || (i % 500), 30 + r_cost * 15, -120 + r_age * 45,
  case when status in ('confirmed', 'in_progress', 'completed')
       then created_at + interval '20 minutes' end,
  created_at, least(now(), created_at + interval '2 hours')
from (
  select i, d.ids[1 + floor(r_driver * d.n)::int] as driver_id, p.ids[k] as provider_id,
    p.types[k] as service_type, p.fees[k] as visit_fee,
    round((p.fees[k] + r_cost * 800)::numeric, 2) as estimated, r_cost, r_age,
    (case when r_status < 0.60 then 'completed' when r_status < 0.75 then 'cancelled'
          when r_status < 0.85 then 'pending' when r_status < 0.95 then 'confirmed'
          else 'in_progress' end)::booking_status as status,
    now() - (1 - sqrt(r_age)) * interval '${DAYS} days' as created_at
  from d, p, (
    select i, random() as r_driver, 1 + floor(random() * ${PROVIDERS})::int as k,
      random() as r_status, random() as r_cost, random() as r_age
    from generate_series(1, ${BOOKINGS}) as i
    offset 0
  ) as g
) as b`;

/**
 * A subscription for 60 % of the approved businesses' owners (70 % active, 5 % past_due, 20 %
 * cancelled, 5 % expired; basic 50 %, premium 35 %, enterprise 15 %), a monthly payment for each
 * month it ran (95 % completed, 4 % failed, 1 % refunded), and a card payment for 40 % of the
 * completed bookings (jobs paid in the app).
 */
const subscriptionsSql = () => `
insert into subscriptions (user_id, plan_type, status, start_date, end_date, price, cancelled_at,
  created_at, updated_at)
select user_id, plan, status, start_date,
  case when status in ('active', 'past_due') then now() + r_end * interval '30 days'
       else start_date + interval '3 months' end,
  case plan when 'basic' then 29.99 when 'premium' then 79.99 else 199.99 end,
  case when status = 'cancelled' then least(now(), start_date + interval '3 months') end,
  start_date, start_date
from (
  select user_id, r_end,
    (case when r_plan < 0.50 then 'basic' when r_plan < 0.85 then 'premium'
          else 'enterprise' end)::plan_type as plan,
    (case when r_status < 0.70 then 'active' when r_status < 0.75 then 'past_due'
          when r_status < 0.95 then 'cancelled' else 'expired' end)::subscription_status as status,
    now() - interval '5 days' - r_start * interval '360 days' as start_date
  from (
    select user_id, random() as r_pick, random() as r_plan, random() as r_status,
      random() as r_start, random() as r_end
    from service_providers where verification = 'approved'
    offset 0
  ) as r
  where r_pick < 0.6
) as s`;

const subscriptionPaymentsSql = () => `
insert into payments (user_id, subscription_id, amount, payment_method, status, description,
  period_start, period_end, created_at, updated_at)
select user_id, id, case when status = 'refunded' then round(price / 3, 2) else price end, 'card',
  status, 'Subscription ' || plan_type, at, at + interval '1 month', at, at
from (
  select user_id, id, price, plan_type, at,
    (case when r < 0.95 then 'completed' when r < 0.99 then 'failed'
          else 'refunded' end)::payment_status as status
  from (
    select s.user_id, s.id, s.price, s.plan_type, m.at, random() as r
    from subscriptions s,
      lateral generate_series(s.start_date,
        least(now(), coalesce(s.cancelled_at, s.end_date, now())), interval '1 month') as m(at)
    offset 0
  ) as r
) as p`;

const jobPaymentsSql = () => `
insert into payments (user_id, booking_id, amount, payment_method, status, description,
  created_at, updated_at)
select driver_id, id, actual_cost, 'card', 'completed', 'Job payment',
  created_at + interval '3 hours', created_at + interval '3 hours'
from bookings
where status = 'completed' and random() < 0.4`;

interface IndexRow {
  name: string;
  definition: string;
}

const exec = (db: Executor, text: string) => db.execute(sql.raw(text));

async function timed(step: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await step();
  return performance.now() - start;
}

/** The plain (non-constraint) indexes of a table, with their exact definitions. */
const plainIndexes = (db: Executor, table: string) =>
  selectRows<IndexRow>(
    db,
    sql.raw(`select indexname as name, indexdef as definition from pg_indexes
     where schemaname = 'public' and tablename = '${table}'
       and indexname not in (select conname from pg_constraint)`),
  );

/**
 * Fills the (empty, migrated) database in one transaction. The plain indexes of bookings and
 * payments are dropped first and rebuilt from their exact definitions afterwards; as a superuser,
 * the per-row foreign-key triggers are skipped (session_replication_role = replica): every
 * reference points at a row inserted just before.
 */
async function fill(db: Database): Promise<FillTimings> {
  const start = performance.now();
  const t0 = { usersMs: 0, providersMs: 0, bookingsMs: 0, billingMs: 0, indexesMs: 0 };
  await db.transaction(async (tx) => {
    await exec(tx, `set local maintenance_work_mem = '256MB'`);
    await exec(tx, `select setseed(${(SEED % 1000) / 1000})`);
    const indexes = [
      ...(await plainIndexes(tx, 'bookings')),
      ...(await plainIndexes(tx, 'payments')),
    ];
    for (const index of indexes) await exec(tx, `drop index "${index.name}"`);
    const [role] = await selectRows<{ super: boolean }>(
      tx,
      sql`select rolsuper as super from pg_roles where rolname = current_user`,
    );
    if (role?.super) await exec(tx, `set local session_replication_role = replica`);
    progress(`fill: ${int(USERS)} users (${int(DRIVERS)} drivers, ${int(MECHANICS)} mechanics)`);
    t0.usersMs = await timed(() => exec(tx, usersSql()));
    progress(`fill: ${int(PROVIDERS)} service providers`);
    t0.providersMs = await timed(() => exec(tx, providersSql()));
    progress(`fill: ${int(BOOKINGS)} bookings`);
    t0.bookingsMs = await timed(() => exec(tx, bookingsSql()));
    progress('fill: subscriptions and payments');
    t0.billingMs = await timed(async () => {
      await exec(tx, subscriptionsSql());
      await exec(tx, subscriptionPaymentsSql());
      await exec(tx, jobPaymentsSql());
    });
    if (role?.super) await exec(tx, `set local session_replication_role = origin`);
    progress(`fill: rebuilding ${indexes.length} indexes of bookings and payments`);
    t0.indexesMs = await timed(async () => {
      for (const index of indexes) await exec(tx, index.definition);
    });
  });
  progress('fill: vacuum analyze');
  const vacuumAnalyzeMs = await timed(() => exec(db, 'vacuum (analyze)'));
  return { ...t0, vacuumAnalyzeMs, totalMs: performance.now() - start };
}

// ---------------------------------------------------------------------------------------------
// The dashboard statement

/**
 * The dashboard's one statement as drizzle builds it: `dashboard()` runs against an executor that
 * only records what it is given (and answers no rows), then the database's own dialect renders it.
 */
async function dashboardQuery(
  db: Database,
  now: Date,
): Promise<{ sql: string; params: unknown[] }> {
  let captured: SQL | undefined;
  const recorder = {
    execute: (query: SQL) => {
      captured = query;
      return Promise.resolve({ rows: [] });
    },
  } as unknown as Executor;
  await dashboard(recorder, now);
  if (!captured) throw new Error('dashboard() ran no statement');
  const { dialect } = db as unknown as { dialect: PgDialect };
  return dialect.sqlToQuery(captured);
}

interface PlanNode {
  'Node Type': string;
  'Total Cost': number;
  'Subplan Name'?: string;
  'Actual Total Time': number;
  'Actual Loops': number;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

interface Part {
  name: string;
  ms: number;
  scans: string;
}

const scanOf = (node: PlanNode): string[] => {
  const own =
    node['Relation Name'] !== undefined
      ? [
          `${node['Node Type']} on ${node['Relation Name']}${node['Index Name'] ? ` (${node['Index Name']})` : ''}`,
        ]
      : node['Index Name'] !== undefined
        ? [`${node['Node Type']} (${node['Index Name']})`]
        : [];
  return [...own, ...(node.Plans ?? []).flatMap(scanOf)];
};

/** Time of each figure of the statement: its InitPlan's total (EXPLAIN ANALYZE, FORMAT JSON). */
async function parts(db: Database, query: { sql: string; params: unknown[] }): Promise<Part[]> {
  const json = await explainJson(db, query, true);
  const top = json.Plan;
  const keys = [...query.sql.matchAll(/'(\w+)',\s*\(select/g)].map((m) => m[1] ?? '?');
  const initPlans = (top.Plans ?? []).filter((p) => p['Subplan Name']?.startsWith('InitPlan'));
  return initPlans.map((node, i) => ({
    name: initPlans.length === keys.length ? (keys[i] ?? '?') : (node['Subplan Name'] ?? '?'),
    ms: node['Actual Total Time'] * node['Actual Loops'],
    scans: [...new Set(scanOf(node))].join(', '),
  }));
}

/** The pg Pool under drizzle. */
const driver = (db: Database) =>
  (
    db as unknown as {
      $client: {
        query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
      };
    }
  ).$client;

interface ExplainJson {
  Plan: PlanNode;
  'Execution Time': number;
  'Planning Time': number;
  JIT?: unknown;
}

async function explainJson(
  db: Database,
  query: { sql: string; params: unknown[] },
  timing: boolean,
): Promise<ExplainJson> {
  const result = await driver(db).query(
    `explain (analyze, timing ${timing ? 'on' : 'off'}, format json) ${query.sql}`,
    query.params,
  );
  const raw = result.rows[0]?.['QUERY PLAN'];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as ExplainJson[];
  return doc[0]!;
}

// ---------------------------------------------------------------------------------------------
// HTTP

interface HttpTiming {
  dashboard: Summary;
  health: Summary;
  dashboardBytes: number;
  cpu: CpuReading;
}

async function signIn(app: FastifyInstance): Promise<string> {
  await exec(
    app.database.db,
    `insert into users (username, email, password_hash, role, name, phone)
     values ('benchadmin', '${ADMIN.email}', '${await hashPassword(ADMIN.password)}', 'admin',
             'Bench Admin', '555-0000000')`,
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: ADMIN.email, password: ADMIN.password },
  });
  const cookie = response.cookies.find((c) => c.name === 'tf_session');
  if (response.statusCode !== 200 || !cookie)
    throw new Error(`admin login answered ${response.statusCode}: ${response.body}`);
  return `tf_session=${cookie.value}`;
}

/**
 * One request at a time through app.inject: after the warm-up, dashboard and health requests
 * alternate, so both see the same machine (it is shared and its speed varies).
 */
async function measureHttp(app: FastifyInstance, cookie: string): Promise<HttpTiming> {
  const get = async (url: string) => {
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    const elapsed = performance.now() - start;
    if (response.statusCode !== 200)
      throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
    return { ms: elapsed, bytes: response.rawPayload.length };
  };
  progress(`HTTP: warm-up, ${WARMUP} requests of each route`);
  let dashboardBytes = 0;
  for (let i = 0; i < WARMUP; i++) {
    dashboardBytes = (await get('/api/admin/dashboard')).bytes;
    await get('/api/health');
  }
  progress(
    `HTTP: ${REQUESTS} GET /api/admin/dashboard and ${REQUESTS} GET /api/health, alternating`,
  );
  const dashboardMs: number[] = [];
  const healthMs: number[] = [];
  const meter = cpuMeter();
  for (let i = 0; i < REQUESTS; i++) {
    dashboardMs.push((await get('/api/admin/dashboard')).ms);
    healthMs.push((await get('/api/health')).ms);
  }
  return {
    dashboard: summarize(dashboardMs),
    health: summarize(healthMs),
    dashboardBytes,
    cpu: meter(),
  };
}

// ---------------------------------------------------------------------------------------------
// One run

interface Run {
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

async function benchmark(url: string): Promise<Run> {
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

// ---------------------------------------------------------------------------------------------
// Report

const seconds = (value: number) => `${ms(value / 1000, 2)} s`;
const ratio = (a: number, b: number) => `${ms(a / b, 1)}×`;

function report(run: Run) {
  const out: string[] = [];
  out.push(heading(`PostgreSQL: admin dashboard, ${int(BOOKINGS)} bookings`));
  out.push(`Server: ${run.version.split(',')[0]}; ${run.settings}`);
  out.push(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`,
  );
  out.push('');
  const f = run.fill;
  out.push(
    table([
      ['Fill step', 'Time'],
      ['open + migrate', seconds(run.openMs)],
      ['users', seconds(f.usersMs)],
      ['service_providers', seconds(f.providersMs)],
      ['bookings (generate_series)', seconds(f.bookingsMs)],
      ['subscriptions + payments', seconds(f.billingMs)],
      ['rebuild indexes', seconds(f.indexesMs)],
      ['vacuum analyze', seconds(f.vacuumAnalyzeMs)],
      ['total fill', seconds(f.totalMs)],
    ]),
  );
  out.push(
    `Rows: ${Object.entries(run.counts)
      .map(([name, n]) => `${name} ${int(n)}`)
      .join(', ')}.`,
  );
  out.push(
    `bookings: table ${run.sizes.table}, its indexes ${run.sizes.indexes} (bookings_status_idx ${run.sizes.statusIdx}, bookings_created_at_idx ${run.sizes.createdIdx}).`,
  );
  out.push('');
  out.push(
    'EXPLAIN (ANALYZE, BUFFERS) of the dashboard statement (admin.repository.ts dashboard):',
  );
  out.push(run.plan.replace(/^/gm, '  '));
  out.push('');
  out.push('Scans in the plan:');
  out.push(run.scans.map((s) => `  ${s}`).join('\n'));
  out.push(
    run.seqScanOnBookings
      ? '=> FAIL: the plan reads bookings with a Seq Scan.'
      : '=> No Seq Scan on bookings.',
  );
  out.push('');
  out.push('Where the statement spends its time (EXPLAIN ANALYZE with timing, one run):');
  out.push(
    table([
      ['Figure', 'ms', 'Scans'],
      ...[...run.parts].sort((a, b) => b.ms - a.ms).map((p) => [p.name, ms(p.ms), p.scans || '-']),
    ]),
  );
  out.push(
    `Server-side (EXPLAIN ANALYZE, timing off) of ${SERVER_TIMING_SAMPLES} runs: execution p50 ${ms(run.execution.p50)} / max ${ms(run.execution.max)} ms, planning p50 ${ms(run.planning.p50)} ms; JIT used by ${run.jitRuns} of ${SERVER_TIMING_SAMPLES}. Planner's total cost ${int(run.totalCost)} (JIT from ${Number.isFinite(run.jitAboveCost) ? int(run.jitAboveCost) : 'never: jit = off'}).`,
  );
  out.push('');
  const h = run.http;
  const row = (name: string, s: Summary) => [
    name,
    int(s.count),
    ms(s.p50),
    ms(s.p95),
    ms(s.p99),
    ms(s.max),
    ms(s.mean),
  ];
  out.push(
    `HTTP through app.inject, one at a time, ${WARMUP} warm-up each, dashboard and health alternating (milliseconds):`,
  );
  out.push(
    table([
      ['Route', 'Requests', 'p50', 'p95', 'p99', 'max', 'mean'],
      row('GET /api/admin/dashboard', h.dashboard),
      row('GET /api/health (baseline)', h.health),
    ]),
  );
  out.push(
    `Dashboard ÷ health: p50 ${ratio(h.dashboard.p50, h.health.p50)}, p99 ${ratio(h.dashboard.p99, h.health.p99)}, mean ${ratio(h.dashboard.mean, h.health.mean)}. Dashboard body ${int(h.dashboardBytes)} B.`,
  );
  out.push(`During the measurement: ${describeCpu(h.cpu)}.`);
  console.log(out.join('\n'));
}

function summary(run: Run) {
  const h = run.http;
  const indexes = [
    ...new Set(
      run.scans
        .filter((s) => / on bookings\b/.test(s))
        .map((s) => s.replace(/ on bookings.*$/, '')),
    ),
  ];
  console.log(heading('Summary'));
  console.log(
    table([
      ['Measure', 'Value'],
      ['bookings', int(run.counts.bookings ?? 0)],
      ['fill (total)', seconds(run.fill.totalMs)],
      ['Seq Scan on bookings', run.seqScanOnBookings ? 'YES (FAIL)' : 'no'],
      ['statement execution p50 (server)', `${ms(run.execution.p50)} ms`],
      [
        'dashboard p50 / p99 / mean',
        `${ms(h.dashboard.p50)} / ${ms(h.dashboard.p99)} / ${ms(h.dashboard.mean)} ms`,
      ],
      [
        'health p50 / p99 / mean',
        `${ms(h.health.p50)} / ${ms(h.health.p99)} / ${ms(h.health.mean)} ms`,
      ],
      ['dashboard ÷ health (p50)', ratio(h.dashboard.p50, h.health.p50)],
      ['dashboard ÷ health (p99)', ratio(h.dashboard.p99, h.health.p99)],
      [
        'machine during HTTP',
        `${Math.round(h.cpu.machineBusy * 100)} % busy of ${h.cpu.cores} cores`,
      ],
    ]),
  );
  console.log(`bookings read by: ${indexes.join('; ') || '-'}.`);
}

// ---------------------------------------------------------------------------------------------

async function main() {
  console.log(
    `Admin dashboard benchmark: ${int(BOOKINGS)} bookings, ${int(USERS)} users, ${int(PROVIDERS)} providers, ${REQUESTS} requests per route after ${WARMUP} warm-up, seed ${SEED}`,
  );
  const run = await withScratchDatabase(SERVER_URL, benchmark, {
    name: `tf_bench_admin_${randomBytes(4).toString('hex')}`,
    keep: args['keep-database'],
  });
  report(run);
  summary(run);
  if (run.seqScanOnBookings) {
    console.error(
      '\nFAIL: the admin dashboard statement reads bookings with a Seq Scan (see the plan above).',
    );
    process.exitCode = 1;
  }
  progress('done');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
