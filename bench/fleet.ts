/**
 * Fleet dashboard benchmark: `npm run bench:fleet [-- --technicians 100 --jobs-per-day 1000]`.
 *
 * Creates a throw-away database `tf_bench_fleet_<random>` on the PostgreSQL server of
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), applies the migrations
 * and fills it in SQL: `--businesses` Enterprise businesses (default 3), each with an owner, a
 * dispatcher, `--technicians` technicians with a last position, and `--jobs-per-day` jobs a day
 * over `--days` days ending now (a month of history), beside `--crowd` other businesses with as
 * many jobs in all. It prints the EXPLAIN (ANALYZE, BUFFERS) plans of the dashboard's three
 * statements (fleet.repository.ts) and times GET /api/fleet through the real app (buildApp +
 * app.inject) against GET /api/health in the same run, the two alternating one request at a time:
 * owner and dispatcher, each business, the board of today, yesterday and ten days ago. Exits with 1
 * when a plan reads bookings or team_members with a Seq Scan. The database is dropped at the end,
 * also on failure. See docs/benchmarks.md.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { explainPlan } from '../src/server/db/client.ts';
import { hashPassword } from '../src/server/modules/auth/password.ts';
import { fleetStatements } from '../src/server/modules/fleet/fleet.repository.ts';
import { count } from './lib/args.ts';
import { progress, withScratchDatabase } from './lib/scratch.ts';
import { int, ms, summarize, table, type Summary } from './lib/stats.ts';

const { values: args } = parseArgs({
  options: {
    businesses: { type: 'string', default: '3' },
    technicians: { type: 'string', default: '100' },
    'jobs-per-day': { type: 'string', default: '1000' },
    days: { type: 'string', default: '30' },
    crowd: { type: 'string', default: '300' },
    requests: { type: 'string', default: '720' },
    warmup: { type: 'string', default: '36' },
    'keep-database': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:fleet -- [options]
  --businesses <n>     Enterprise businesses measured (default 3)
  --technicians <n>    technicians per business (default 100)
  --jobs-per-day <n>   jobs a day per business (default 1000)
  --days <n>           days of history, ending today (default 30)
  --crowd <n>          other businesses sharing the tables, with as many jobs in all (default 300)
  --requests <n>       measured requests of each route (default 720)
  --warmup <n>         requests of each route before measuring (default 36)
  --keep-database      leave the tf_bench_fleet_* database in place (drop it yourself)
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)`);
  process.exit(0);
}

const BUSINESSES = count('businesses', args.businesses);
const TECHNICIANS = count('technicians', args.technicians);
const JOBS_PER_DAY = count('jobs-per-day', args['jobs-per-day']);
const DAYS = count('days', args.days);
const CROWD = count('crowd', args.crowd);
const REQUESTS = count('requests', args.requests);
const WARMUP = count('warmup', args.warmup);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'bench fleet password';

interface Business {
  index: number;
  providerId: string;
  owner: string;
  dispatcher: string;
}

/** Everything in SQL: users, businesses, plans, members, a month of jobs. */
async function fill(client: pg.Client): Promise<Omit<Business, 'owner' | 'dispatcher'>[]> {
  const hash = await hashPassword(PASSWORD);
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  await q(`select setseed(0.42)`);
  progress('fill: drivers');
  await q(
    `insert into users (username, email, password_hash, role, name, phone)
     select 'driver' || i, 'driver' || i || '@bench.test', 'x', 'driver', 'Driver' || i || ' Lastname', '2145550100'
     from generate_series(1, 2000) i`,
  );
  progress('fill: businesses, owners, dispatchers, plans');
  const total = BUSINESSES + CROWD;
  await q(
    `insert into users (username, email, password_hash, role, name, phone)
     select 'owner' || i, 'owner' || i || '@bench.test', $1, 'mechanic', 'Owner ' || i, '2145550100'
     from generate_series(1, $2::int) i`,
    [hash, total],
  );
  await q(
    `insert into service_providers (user_id, business_name, service_type, city, state, latitude, longitude, visit_fee, verification)
     select u.id, 'Bench Towing ' || u.username, 'towing', 'Dallas', 'TX', 32.7 + random() / 5, -96.8 + random() / 5, 95, 'approved'
     from users u where u.role = 'mechanic' order by u.username`,
  );
  await q(
    `insert into subscriptions (user_id, plan_type, status, price, end_date)
     select u.id, 'enterprise', 'active', 199.99, now() + interval '20 days'
     from users u where u.role = 'mechanic' and u.username in (select 'owner' || i from generate_series(1, $1::int) i)`,
    [BUSINESSES],
  );
  const measured = (
    await q(
      `select p.id, substring(u.username from 6)::int as index
       from service_providers p join users u on u.id = p.user_id
       where u.username in (select 'owner' || i from generate_series(1, $1::int) i) order by 2`,
      [BUSINESSES],
    )
  ).rows.map((r: { id: string; index: number }) => ({ providerId: r.id, index: r.index }));
  for (const b of measured) {
    await q(
      `with d as (
         insert into users (username, email, password_hash, role, name, phone)
         values ('dispatcher' || $2, 'dispatcher' || $2 || '@bench.test', $3, 'dispatcher', 'Dispatcher ' || $2, '2145550100')
         returning id)
       insert into team_members (user_id, provider_id) select id, $1 from d`,
      [b.providerId, b.index, hash],
    );
  }
  progress(`fill: ${int(TECHNICIANS)} technicians per business`);
  await q(
    `with t as (
       insert into users (username, email, password_hash, role, name, phone)
       select 'tech-' || p.id || '-' || i, 'tech-' || p.id || '-' || i || '@bench.test', 'x', 'technician', 'Tech' || i || ' Person', '2145550100'
       from service_providers p, generate_series(1, $1::int) i
       returning id, username)
     insert into team_members (user_id, provider_id, created_at, last_latitude, last_longitude, last_position_at)
     select t.id, substring(t.username from 6 for 36)::uuid, now() - interval '60 days' + (random() * interval '1 day'),
            32.6 + random() / 3, -97 + random() / 3, now() - random() * interval '3 hours'
     from t`,
    [TECHNICIANS],
  );
  // Crowd businesses get a few technicians too (above, same count): the member table is shared.
  progress(`fill: ${int(JOBS_PER_DAY)} jobs a day over ${DAYS} days per measured business`);
  const perBusiness = JOBS_PER_DAY * DAYS;
  const crowdJobs = perBusiness * BUSINESSES;
  const jobs = (providerFilter: string, n: number) =>
    q(
      `with p as (
         select sp.id, row_number() over (order by sp.id) - 1 as k from service_providers sp where ${providerFilter}
       ), techs as (
         select m.provider_id, array_agg(m.user_id order by m.user_id) as ids from team_members m
         join users u on u.id = m.user_id and u.role = 'technician' group by m.provider_id
       ), drivers as (select array_agg(id) as ids from users where role = 'driver'),
       j as (
         select p.id as provider_id, techs.ids as tech_ids, i,
           now() - (i::float8 / $1) * interval '1 day' - random() * interval '10 minutes' as created_at,
           random() as r
         from p join techs on techs.provider_id = p.id, generate_series(0, $2::int - 1) i
       )
       insert into bookings (driver_id, provider_id, service_type, description, location, latitude, longitude,
                             status, visit_fee, created_at, updated_at, confirmed_at, arrived_at, technician_id)
       select (select ids from drivers)[1 + (i % 2000)], provider_id, 'Towing', 'Bench job', 'I-35 exit ' || (i % 500),
         32.6 + random() / 3, -97 + random() / 3,
         s.status::booking_status, 80 + (i % 5) * 10, created_at, created_at + interval '2 hours',
         case when s.status in ('confirmed', 'in_progress', 'completed') then created_at + (2 + random() * 20) * interval '1 minute' end,
         case when s.status in ('in_progress', 'completed') then created_at + (25 + random() * 60) * interval '1 minute' end,
         case when s.status = 'pending' then null else tech_ids[1 + (i % array_length(tech_ids, 1))] end
       from j, lateral (select case
         when j.created_at > now() - interval '4 hours' then
           (array['pending', 'confirmed', 'in_progress', 'completed', 'cancelled'])[1 + floor(r * 5)::int]
         when r < 0.82 then 'completed' when r < 0.92 then 'cancelled' else 'completed' end as status) s`,
      [n / DAYS, n],
    );
  for (const b of measured) await jobs(`sp.id = '${b.providerId}'`, perBusiness);
  progress(`fill: ${int(crowdJobs)} jobs among ${int(CROWD)} other businesses`);
  await jobs(
    `sp.id not in (${measured.map((b) => `'${b.providerId}'`).join(', ')})`,
    Math.max(DAYS, Math.round(crowdJobs / CROWD)),
  );
  progress('fill: live positions of the jobs in progress, analyze');
  await q(
    `insert into booking_positions (booking_id, latitude, longitude, recorded_at)
     select id, latitude, longitude, now() - random() * interval '5 minutes' from bookings where status = 'in_progress'`,
  );
  await q('analyze');
  return measured;
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

const dayOffset = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

interface Result {
  fleet: Summary;
  health: Summary;
  byVariant: { name: string; fleet: Summary }[];
  bytes: number;
  jobsOnBoard: number;
  plans: string[];
  seqScan: boolean;
  counts: Record<string, number>;
}

async function benchmark(url: string): Promise<Result> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let measured: Omit<Business, 'owner' | 'dispatcher'>[];
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
    measured = await fill(client);
    const counts = Object.fromEntries(
      (
        await client.query(
          `select 'users' as name, count(*)::int as n from users
           union all select 'team_members', count(*)::int from team_members
           union all select 'bookings', count(*)::int from bookings`,
        )
      ).rows.map((r: { name: string; n: number }) => [r.name, r.n]),
    );

    const app = await buildApp(config);
    await app.ready();
    try {
      const businesses: Business[] = [];
      for (const b of measured)
        businesses.push({
          ...b,
          owner: await signIn(app, `owner${b.index}@bench.test`),
          dispatcher: await signIn(app, `dispatcher${b.index}@bench.test`),
        });

      progress('EXPLAIN (ANALYZE, BUFFERS) of the three statements');
      const plans: string[] = [];
      for (const statement of fleetStatements({
        providerId: businesses[0]!.providerId,
        timeZone: 'UTC',
        date: dayOffset(0),
      }))
        plans.push(await explainPlan(app.database.db, statement, true));
      const seqScan = plans.some((p) => /Seq Scan on (bookings|team_members)\b/.test(p));

      const variants = businesses.flatMap((b) =>
        (['owner', 'dispatcher'] as const).flatMap((role) =>
          [0, 1, 10].map((days) => ({
            name: `${role}, business ${b.index}, ${days === 0 ? 'today' : `${days} d ago`}`,
            cookie: b[role],
            url: `/api/fleet?date=${dayOffset(days)}${days === 1 ? '&tz=America/Chicago' : ''}`,
          })),
        ),
      );
      const get = async (path: string, cookie?: string) => {
        const start = performance.now();
        const response = await app.inject({
          method: 'GET',
          url: path,
          headers: cookie ? { cookie } : {},
        });
        const elapsed = performance.now() - start;
        if (response.statusCode !== 200)
          throw new Error(`GET ${path} answered ${response.statusCode}: ${response.body}`);
        return { ms: elapsed, response };
      };
      progress(`HTTP: warm-up, ${WARMUP} requests of each route`);
      for (let i = 0; i < WARMUP; i++) {
        const v = variants[i % variants.length]!;
        await get(v.url, v.cookie);
        await get('/api/health');
      }
      const first = await get(variants[0]!.url, variants[0]!.cookie);
      const bytes = first.response.rawPayload.length;
      const jobsOnBoard = (first.response.json() as { jobs: unknown[] }).jobs.length;
      progress(`HTTP: ${REQUESTS} requests of each route, alternating`);
      const fleetTimes: number[] = [];
      const healthTimes: number[] = [];
      const perVariant = new Map<string, number[]>();
      for (let i = 0; i < REQUESTS; i++) {
        const v = variants[i % variants.length]!;
        const f = await get(v.url, v.cookie);
        fleetTimes.push(f.ms);
        perVariant.set(v.name, [...(perVariant.get(v.name) ?? []), f.ms]);
        healthTimes.push((await get('/api/health')).ms);
      }
      return {
        fleet: summarize(fleetTimes),
        health: summarize(healthTimes),
        byVariant: [...perVariant].map(([name, times]) => ({ name, fleet: summarize(times) })),
        bytes,
        jobsOnBoard,
        plans,
        seqScan,
        counts,
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
    `Fleet dashboard benchmark: ${BUSINESSES} Enterprise businesses × ${int(TECHNICIANS)} technicians × ${int(JOBS_PER_DAY)} jobs a day × ${DAYS} days, ${int(CROWD)} other businesses; ${REQUESTS} requests per route after ${WARMUP} warm-up`,
  );
  const run = await withScratchDatabase(SERVER_URL, benchmark, {
    name: `tf_bench_fleet_${randomBytes(4).toString('hex')}`,
    keep: args['keep-database'],
  });
  console.log(
    `\nRows: ${Object.entries(run.counts)
      .map(([k, v]) => `${k} ${int(v)}`)
      .join(
        ', ',
      )}. Today's board of business 1: ${int(run.jobsOnBoard)} jobs, ${int(run.bytes / 1024)} KB of JSON.`,
  );
  ['technicians', "the day's board", "the month's figures"].forEach((name, i) =>
    console.log(`\nEXPLAIN ANALYZE: ${name}\n${run.plans[i]}`),
  );
  const row = (name: string, s: Summary, base: Summary) => [
    name,
    ms(s.p50),
    ms(s.p99),
    `${(s.p50 / base.p50).toFixed(1)}×`,
    `${(s.p99 / base.p99).toFixed(1)}×`,
  ];
  console.log(
    `\n${table([
      ['route', 'p50 ms', 'p99 ms', 'p50 / health', 'p99 / health'],
      ['GET /api/health', ms(run.health.p50), ms(run.health.p99), '1.0×', '1.0×'],
      row('GET /api/fleet (all)', run.fleet, run.health),
      ...run.byVariant.map((v) => [
        `  ${v.name} (${v.fleet.count} req)`,
        ms(v.fleet.p50),
        '',
        `${(v.fleet.p50 / run.health.p50).toFixed(1)}×`,
        '',
      ]),
    ])}`,
  );
  if (run.seqScan) {
    console.error('\nFAIL: a fleet statement reads bookings or team_members with a Seq Scan.');
    process.exitCode = 1;
  }
  progress('done');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
