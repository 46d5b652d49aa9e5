/** A scratch database filled in SQL: users, providers, bookings over 400 days, subscriptions, payments. */
import { sql } from 'drizzle-orm';
import { selectRows, type Database, type Executor } from '../../src/server/db/client.ts';
import { int } from '../lib/stats.ts';
import { progress } from '../lib/scratch.ts';
import { BOOKINGS, USERS, PROVIDERS, SEED, MECHANICS, DRIVERS, DAYS } from './options.ts';

export interface FillTimings {
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

export const exec = (db: Executor, text: string) => db.execute(sql.raw(text));

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
export async function fill(db: Database): Promise<FillTimings> {
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
