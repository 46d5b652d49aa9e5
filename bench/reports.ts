/**
 * Reports benchmark: `npm run bench:reports [-- --bookings 1000000 --businesses 2000]`.
 *
 * Creates a throw-away database `tf_bench_reports_<random>` on the PostgreSQL server of
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), applies the migrations
 * (buildApp) and fills it in SQL: `--businesses` businesses sharing `--bookings` bookings over the
 * year before 2026-11-01, `--big` of them Enterprise with `--big-jobs` jobs each and 20
 * technicians, the rest of the jobs spread over the others (a few measured ones on Enterprise
 * too); reviews for most completed jobs. Then it times GET /api/reports through the real app
 * (app.inject) for varied businesses, ranges and groupings, each request followed by the baseline:
 * a plain `count(*)` of the same business's bookings in the same range (the least a report must
 * read). It prints the EXPLAIN (ANALYZE, BUFFERS) of the biggest case, and the statements' times
 * with and without a covering index (INCLUDE of the columns the reports read) measured in the
 * same run. The database is dropped at the end, also on failure. See docs/benchmarks.md.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { explainPlan } from '../src/server/db/client.ts';
import { hashPassword } from '../src/server/modules/auth/password.ts';
import {
  reportStatements,
  type ReportWindow,
} from '../src/server/modules/reports/reports.repository.ts';
import { count } from './lib/args.ts';
import { progress, withScratchDatabase } from './lib/scratch.ts';
import { int, ms, summarize, table, type Summary } from './lib/stats.ts';

const { values: args } = parseArgs({
  options: {
    bookings: { type: 'string', default: '1000000' },
    businesses: { type: 'string', default: '2000' },
    big: { type: 'string', default: '5' },
    'big-jobs': { type: 'string', default: '60000' },
    requests: { type: 'string', default: '240' },
    warmup: { type: 'string', default: '20' },
    'keep-database': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:reports -- [options]
  --bookings <n>     bookings in all (default 1000000)
  --businesses <n>   businesses sharing them (default 2000)
  --big <n>          big Enterprise businesses (default 5)
  --big-jobs <n>     jobs of each big business over the year (default 60000)
  --requests <n>     measured report requests (default 240), each followed by the baseline
  --warmup <n>       requests before measuring (default 20)
  --keep-database    leave the tf_bench_reports_* database in place (drop it yourself)
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)`);
  process.exit(0);
}

const BOOKINGS = count('bookings', args.bookings);
const BUSINESSES = count('businesses', args.businesses);
const BIG = count('big', args.big);
const BIG_JOBS = count('big-jobs', args['big-jobs']);
const REQUESTS = count('requests', args.requests);
const WARMUP = count('warmup', args.warmup);
/** Small businesses measured beside the big ones (Enterprise too). */
const SMALL_MEASURED = 5;
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench reports password';
const END = '2026-11-01';

/** The bench owner's number of a users row (null for any other user). */
const ownerNo = (alias: string) =>
  `(case when ${alias}.username ~ '^owner[0-9]+$' then substring(${alias}.username from 6)::int end)`;

const COVERING = `create index bench_bookings_provider_covering_idx on bookings (provider_id, created_at)
  include (status, visit_fee, platform_fee, confirmed_at, arrived_at, technician_id, service_type, id)`;

async function fill(client: pg.Client) {
  const hash = await hashPassword(PASSWORD);
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  await q(`select setseed(0.29)`);
  progress('fill: drivers, owners, businesses, plans');
  await q(
    `insert into users (username, email, password_hash, role, name, phone)
     select 'driver' || i, 'driver' || i || '@bench.test', 'x', 'driver', 'Driver ' || i, '2145550100'
     from generate_series(1, 1000) i`,
  );
  await q(
    `insert into users (username, email, password_hash, role, name, phone)
     select 'owner' || i, 'owner' || i || '@bench.test', $1, 'mechanic', 'Owner ' || i, '2145550100'
     from generate_series(1, $2::int) i`,
    [hash, BUSINESSES],
  );
  await q(
    `insert into service_providers (user_id, business_name, service_type, city, state, latitude, longitude, visit_fee, verification)
     select u.id, 'Bench Towing ' || substring(u.username from 6), 'towing', 'Dallas', 'TX', 32.7, -96.8, 95, 'approved'
     from users u where u.role = 'mechanic' and ${ownerNo('u')} is not null`,
  );
  // Owners 1..BIG are big; BIG+1..BIG+SMALL_MEASURED are measured small ones: all Enterprise.
  await q(
    `insert into subscriptions (user_id, plan_type, status, price, end_date)
     select u.id, 'enterprise', 'active', 199.99, now() + interval '20 days'
     from users u where u.role = 'mechanic' and ${ownerNo('u')} <= $1`,
    [BIG + SMALL_MEASURED],
  );
  progress('fill: 20 technicians per big business');
  await q(
    `with t as (
       insert into users (username, email, password_hash, role, name, phone)
       select 'tech-' || p.id || '-' || i, 'tech-' || p.id || '-' || i || '@bench.test', 'x', 'technician', 'Tech' || i || ' Person', '2145550100'
       from service_providers p join users o on o.id = p.user_id, generate_series(1, 20) i
       where ${ownerNo('o')} <= $1
       returning id, username)
     insert into team_members (user_id, provider_id) select t.id, substring(t.username from 6 for 36)::uuid from t`,
    [BIG],
  );
  const jobs = async (ownerFilter: string, perBusiness: number) =>
    q(
      `with p as (
         select sp.id, coalesce((select array_agg(m.user_id) from team_members m where m.provider_id = sp.id), '{}') as techs
         from service_providers sp join users o on o.id = sp.user_id where ${ownerFilter}
       ), d as (select array_agg(id) as ids from users where role = 'driver'),
       j as (
         select p.id as provider_id, p.techs, i,
           $2::timestamptz - random() * interval '365 days' as created_at, random() as r
         from p, generate_series(1, $1::int) i
       )
       insert into bookings (driver_id, provider_id, service_type, description, status, visit_fee, platform_fee,
                             created_at, updated_at, confirmed_at, arrived_at, technician_id)
       select (select ids from d)[1 + (i % 1000)], provider_id,
         (array['Towing', 'Tire repair', 'Engine', 'Jump start', 'Lockout'])[1 + (i % 5)], 'Bench job',
         s.status::booking_status, 80 + (i % 7) * 10, (80 + (i % 7) * 10) * 0.1,
         created_at, created_at,
         case when s.status <> 'pending' and r < 0.95 then created_at + (1 + random() * 30) * interval '1 minute' end,
         case when s.status in ('in_progress', 'completed') then created_at + (30 + random() * 60) * interval '1 minute' end,
         case when cardinality(techs) > 0 and i % 4 <> 0 then techs[1 + (i % cardinality(techs))] end
       from j, lateral (select case when r < 0.7 then 'completed' when r < 0.82 then 'cancelled'
         when r < 0.9 then 'confirmed' when r < 0.95 then 'in_progress' else 'pending' end as status) s`,
      [perBusiness, END],
    );
  progress(`fill: ${int(BIG_JOBS)} jobs for each of ${BIG} big businesses`);
  await jobs(`${ownerNo('o')} <= ${BIG}`, BIG_JOBS);
  const rest = Math.max(1, Math.round((BOOKINGS - BIG * BIG_JOBS) / (BUSINESSES - BIG)));
  progress(`fill: ${int(rest)} jobs for each of ${int(BUSINESSES - BIG)} other businesses`);
  await jobs(`${ownerNo('o')} > ${BIG}`, rest);
  progress('fill: reviews of 60 % of the completed jobs, vacuum analyze');
  await q(
    `insert into reviews (booking_id, driver_id, provider_id, rating, created_at)
     select id, driver_id, provider_id, 1 + floor(random() * 5)::int, arrived_at + interval '1 day'
     from bookings where status = 'completed' and random() < 0.6`,
  );
  await q('vacuum analyze');
  return (
    await q(
      `select p.id, ${ownerNo('u')} as index
       from service_providers p join users u on u.id = p.user_id
       where ${ownerNo('u')} <= $1 order by 2`,
      [BIG + SMALL_MEASURED],
    )
  ).rows as { id: string; index: number }[];
}

async function signIn(app: FastifyInstance, email: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  const cookie = response.cookies.find((c) => c.name === 'tf_session');
  if (response.statusCode !== 200 || !cookie)
    throw new Error(`login of ${email} answered ${response.statusCode}: ${response.body}`);
  return `tf_session=${cookie.value}`;
}

const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
const LAST = daysBefore(END, 1);

/** The ranges and groupings measured, each ending the day before END. */
const shapes = [
  { name: '30 days by day', from: daysBefore(END, 30), groupBy: 'day' },
  { name: '92 days by day', from: daysBefore(END, 92), groupBy: 'day' },
  { name: '6 months by week', from: daysBefore(END, 182), groupBy: 'week' },
  { name: '12 months by week', from: daysBefore(END, 365), groupBy: 'week' },
  { name: '12 months by month', from: daysBefore(END, 365), groupBy: 'month' },
] as const;

/** Each statement of a report, timed on its own (median of `runs`). */
async function statementTimes(client: pg.Client, w: ReportWindow, runs = 7) {
  const times: number[] = [];
  for (const statement of reportStatements(w)) {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await client.query(statement.sql, statement.params);
      samples.push(performance.now() - start);
    }
    times.push(summarize(samples).p50);
  }
  return times;
}

async function benchmark(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    progress('migrating (buildApp)');
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      SEED_DEMO: 'false',
      RUN_JOBS: 'false',
      DATA_DIR: 'memory://',
      DATABASE_URL: url,
      RATE_LIMIT_PER_MINUTE: '100000000',
      ROUTE_RATE_LIMIT_SCALE: '100000',
    });
    const migrateOnly = await buildApp(config);
    await migrateOnly.ready();
    await migrateOnly.close();
    const measured = await fill(client);
    const counts = (
      await client.query(
        `select (select count(*)::int from bookings) as bookings, (select count(*)::int from reviews) as reviews,
                (select count(*)::int from service_providers) as businesses`,
      )
    ).rows[0] as Record<string, number>;
    progress(`rows: ${JSON.stringify(counts)}`);

    const app = await buildApp(config);
    await app.ready();
    try {
      const cookies = new Map<string, string>();
      for (const b of measured) cookies.set(b.id, await signIn(app, `owner${b.index}@bench.test`));
      const variants = measured.flatMap((b) =>
        shapes.map((s) => ({
          name: s.name,
          big: b.index <= BIG,
          providerId: b.id,
          cookie: cookies.get(b.id)!,
          url: `/api/reports?from=${s.from}&to=${LAST}&groupBy=${s.groupBy}`,
          from: s.from,
        })),
      );
      const report = async (v: (typeof variants)[number]) => {
        const start = performance.now();
        const response = await app.inject({
          method: 'GET',
          url: v.url,
          headers: { cookie: v.cookie },
        });
        const elapsed = performance.now() - start;
        if (response.statusCode !== 200)
          throw new Error(`GET ${v.url} answered ${response.statusCode}: ${response.body}`);
        return elapsed;
      };
      const baseline = async (v: (typeof variants)[number]) => {
        const start = performance.now();
        await client.query(
          `select count(*) from bookings where provider_id = $1
             and created_at >= ($2::date)::timestamp at time zone 'UTC'
             and created_at < ($3::date + 1)::timestamp at time zone 'UTC'`,
          [v.providerId, v.from, LAST],
        );
        return performance.now() - start;
      };
      progress(`HTTP: warm-up, ${WARMUP} requests`);
      for (let i = 0; i < WARMUP; i++) {
        await report(variants[i % variants.length]!);
        await baseline(variants[i % variants.length]!);
      }
      progress(`HTTP: ${REQUESTS} report requests, each followed by the baseline count`);
      const all: number[] = [];
      const base: number[] = [];
      const byShape = new Map<string, { big: number[]; small: number[] }>();
      for (let i = 0; i < REQUESTS; i++) {
        // Step through businesses fastest, so consecutive requests hit different data.
        const v =
          variants[
            (i % measured.length) * shapes.length +
              (Math.floor(i / measured.length) % shapes.length)
          ]!;
        const t = await report(v);
        all.push(t);
        base.push(await baseline(v));
        const entry = byShape.get(v.name) ?? { big: [], small: [] };
        (v.big ? entry.big : entry.small).push(t);
        byShape.set(v.name, entry);
      }

      progress('EXPLAIN (ANALYZE, BUFFERS) of the biggest case, then the covering index');
      const biggest: ReportWindow = {
        providerId: measured[0]!.id,
        from: daysBefore(END, 365),
        to: LAST,
        groupBy: 'week',
      };
      const plans: string[] = [];
      for (const statement of reportStatements(biggest))
        plans.push(await explainPlan(app.database.db, statement, true));
      const without = await statementTimes(client, biggest);
      await client.query(COVERING);
      await client.query('vacuum analyze bookings');
      const withCovering = await statementTimes(client, biggest);
      const coveringPlan = await explainPlan(app.database.db, reportStatements(biggest)[0]!, true);
      await client.query('drop index bench_bookings_provider_covering_idx');
      return {
        counts,
        reports: summarize(all),
        baseline: summarize(base),
        byShape: [...byShape].map(([name, v]) => ({
          name,
          big: summarize(v.big),
          small: summarize(v.small),
        })),
        plans,
        without,
        withCovering,
        coveringPlan,
      };
    } finally {
      await app.close();
    }
  } finally {
    await client.end();
  }
}

async function main() {
  console.log(
    `Reports benchmark: ${int(BOOKINGS)} bookings among ${int(BUSINESSES)} businesses (${BIG} with ${int(BIG_JOBS)} each); ${REQUESTS} requests after ${WARMUP} warm-up`,
  );
  const run = await withScratchDatabase(SERVER_URL, benchmark, {
    name: `tf_bench_reports_${randomBytes(4).toString('hex')}`,
    keep: args['keep-database'],
  });
  console.log(
    `\nRows: ${Object.entries(run.counts)
      .map(([k, v]) => `${k} ${int(v)}`)
      .join(', ')}`,
  );
  const row = (name: string, s: Summary, base: Summary) => [
    name,
    int(s.count),
    ms(s.p50),
    ms(s.p99),
    `${(s.p50 / base.p50).toFixed(1)}×`,
    `${(s.p99 / base.p99).toFixed(1)}×`,
  ];
  console.log(
    '\n' +
      table([
        ['what', 'n', 'p50 ms', 'p99 ms', 'p50 / count', 'p99 / count'],
        row('count(*) of the same rows (baseline)', run.baseline, run.baseline),
        row('GET /api/reports (all)', run.reports, run.baseline),
      ]),
  );
  console.log(
    '\n' +
      table([
        ['shape', 'big n', 'big p50 ms', 'big p99 ms', 'small n', 'small p50 ms', 'small p99 ms'],
        ...run.byShape.map((s) => [
          s.name,
          int(s.big.count),
          ms(s.big.p50),
          ms(s.big.p99),
          int(s.small.count),
          ms(s.small.p50),
          ms(s.small.p99),
        ]),
      ]),
  );
  const names = ['periods + totals + ratings', 'services', 'technicians'];
  console.log(
    '\nStatements of the biggest case (median of 7, ms): existing indexes vs a covering index',
  );
  console.log(
    table([
      ['statement', 'bookings_provider_idx', 'covering (INCLUDE)', 'ratio'],
      ...names.map((n, i) => [
        n,
        ms(run.without[i]!),
        ms(run.withCovering[i]!),
        `${(run.without[i]! / run.withCovering[i]!).toFixed(2)}×`,
      ]),
    ]),
  );
  console.log('\nEXPLAIN (ANALYZE, BUFFERS), biggest case (12 months by week, a big business):');
  run.plans.forEach((plan, i) => console.log(`\n-- ${names[i]}\n${plan}`));
  console.log(`\n-- periods + totals with the covering index\n${run.coveringPlan}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
