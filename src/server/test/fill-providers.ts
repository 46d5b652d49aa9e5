import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { metroSigmaMiles, metros, US_BOX } from './us-metros.ts';

export interface FillTimings {
  usersMs: number;
  providersMs: number;
  indexesMs: number;
  vacuumAnalyzeMs: number;
  totalMs: number;
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const floats = (values: number[]) => `array[${values.join(',')}]::float8[]`;
const texts = (values: string[]) => `array[${values.map(quote).join(',')}]::text[]`;

/** 1000 slots, each naming a metro (1-based) in proportion to its population. */
function metroSlots(): number[] {
  const total = metros.reduce((sum, m) => sum + m.population, 0);
  const slots: number[] = [];
  let cumulative = 0;
  metros.forEach((metro, index) => {
    cumulative += metro.population;
    const until = Math.round((cumulative / total) * 1000);
    while (slots.length < until) slots.push(index + 1);
  });
  return slots;
}

const usersSql = (n: number) => `
insert into users (username, email, password_hash, role, name, phone)
select 'bench' || i, 'bench' || i || '@bench.test', '$argon2id$v=19$m=19456,t=2,p=1$bench$not-a-real-hash',
       'mechanic', 'Bench Owner ' || i, '555-' || lpad((i % 10000000)::text, 7, '0')
from generate_series(1, ${n}) as i`;

/**
 * One approved provider per bench user. 70 % scatter around a metro centre (normal, σ of
 * metroSigmaMiles), 30 % uniformly over the US box. `offset 0` keeps each random() evaluated once
 * per row (the subqueries are not flattened into the outer select).
 */
function providersSql(): string {
  const lats = floats(metros.map((m) => m.lat));
  const lngs = floats(metros.map((m) => m.lng));
  const sigmas = floats(metros.map(metroSigmaMiles));
  const names = texts(metros.map((m) => m.name));
  const states = texts(metros.map((m) => m.state));
  const slots = `array[${metroSlots().join(',')}]::int[]`;
  const { minLat, maxLat, minLng, maxLng } = US_BOX;
  return `
insert into service_providers (
  user_id, business_name, service_type, description, address, city, state, zip_code,
  latitude, longitude, phone, email, website, visit_fee, hourly_rate, status, rating, review_count,
  certifications, specialties, is_24_hour, accepts_aaa, verification, verified_at)
select
  user_id,
  'Bench ' || (array['Mobile Mechanic', 'Tire Shop', 'Towing'])[1 + i % 3] || ' #' || i,
  (array['mobile_mechanic', 'tire_shop', 'towing'])[1 + i % 3]::service_type,
  'Roadside repair for heavy trucks: diesel, brakes, tires and electrical. Synthetic benchmark provider #' || i || '.',
  (100 + i % 9900) || ' Industrial Pkwy',
  case when m is not null then (${names})[m] end,
  case when m is not null then (${states})[m] end,
  lpad((i % 100000)::text, 5, '0'),
  round(lat::numeric, 6),
  round(lng::numeric, 6),
  '555-' || lpad((i % 10000000)::text, 7, '0'),
  'bench' || i || '@bench.test',
  case when i % 2 = 0 then 'https://bench' || i || '.example' end,
  round((50 + r_fee * 150)::numeric, 2),
  round((75 + r_rate * 100)::numeric, 2),
  (case when r_status < 0.70 then 'available' when r_status < 0.82 then 'busy'
        when r_status < 0.90 then 'enroute' else 'offline' end)::provider_status,
  round((1 + r_rating * 4)::numeric, 2),
  floor(r_reviews * 400)::int,
  '["ASE Certified", "DOT Compliant"]'::jsonb,
  ((array['["Diesel engines", "Brakes"]', '["Tires", "Roadside assistance"]',
          '["Heavy towing", "Recovery"]', '["Electrical", "Air systems", "Reefer units"]'])[1 + i % 4])::jsonb,
  r_24h < 0.3,
  r_aaa < 0.4,
  'approved',
  now()
from (
  select user_id, i, m, r_fee, r_rate, r_status, r_rating, r_reviews, r_24h, r_aaa,
    case when m is null then ${minLat} + ${maxLat - minLat} * u_lat
         else (${lats})[m] + (${sigmas})[m] * g * cos(a) / 69.05 end as lat,
    case when m is null then ${minLng} + ${maxLng - minLng} * u_lng
         else (${lngs})[m] + (${sigmas})[m] * g * sin(a) / (69.05 * cos(radians((${lats})[m]))) end as lng
  from (
    select u.id as user_id, substr(u.username, 6)::int as i,
      case when random() < 0.7 then (${slots})[1 + floor(random() * 1000)::int] end as m,
      sqrt(-2 * ln(1 - random())) as g, 2 * pi() * random() as a,
      random() as u_lat, random() as u_lng, random() as r_fee, random() as r_rate,
      random() as r_status, random() as r_rating, random() as r_reviews, random() as r_24h,
      random() as r_aaa
    from users u
    where u.username like 'bench%'
    offset 0
  ) as r
  offset 0
) as p`;
}

interface IndexRow {
  name: string;
  definition: string;
}

async function rows<T>(db: Database, text: string): Promise<T[]> {
  const result = (await db.execute(sql.raw(text))) as unknown as { rows: T[] };
  return result.rows;
}

async function timed(step: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await step();
  return performance.now() - start;
}

/** The plain (non-constraint) indexes of a table, with their exact definitions. */
const plainIndexes = (db: Database, table: string) =>
  rows<IndexRow>(
    db,
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = 'public' and tablename = '${table}'
       and indexname not in (select conname from pg_constraint)`,
  );

/**
 * Fills the (empty, migrated) database with n approved providers and their owners, in one
 * transaction. With `rebuildIndexes`, the plain (non-constraint) indexes of users and
 * service_providers are dropped before the inserts and recreated after them from their exact
 * definitions (pg_indexes), which builds each in one pass instead of row by row; as a superuser it
 * also skips the per-row foreign-key check of service_providers.user_id (session_replication_role
 * = replica), the owners having just been inserted. Primary keys and unique constraints stay.
 */
export async function fillProviders(
  db: Database,
  n: number,
  options: { seed: number; rebuildIndexes: boolean },
): Promise<FillTimings> {
  const start = performance.now();
  const timings = { usersMs: 0, providersMs: 0, indexesMs: 0, vacuumAnalyzeMs: 0 };
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.execute(sql.raw(`set local maintenance_work_mem = '256MB'`));
    await t.execute(sql.raw(`select setseed(${options.seed})`));
    const indexes = options.rebuildIndexes
      ? [...(await plainIndexes(t, 'users')), ...(await plainIndexes(t, 'service_providers'))]
      : [];
    for (const index of indexes) await t.execute(sql.raw(`drop index "${index.name}"`));
    const [role] = await rows<{ super: boolean }>(
      t,
      `select rolsuper as super from pg_roles where rolname = current_user`,
    );
    const skipForeignKeyChecks = options.rebuildIndexes && role?.super === true;
    if (skipForeignKeyChecks)
      await t.execute(sql.raw(`set local session_replication_role = replica`));
    timings.usersMs = await timed(() => t.execute(sql.raw(usersSql(n))));
    timings.providersMs = await timed(() => t.execute(sql.raw(providersSql())));
    if (skipForeignKeyChecks)
      await t.execute(sql.raw(`set local session_replication_role = origin`));
    timings.indexesMs = await timed(async () => {
      for (const index of indexes) await t.execute(sql.raw(index.definition));
    });
  });
  timings.vacuumAnalyzeMs = await timed(async () => {
    await db.execute(sql.raw('vacuum (analyze) service_providers'));
    await db.execute(sql.raw('analyze users'));
  });
  return { ...timings, totalMs: performance.now() - start };
}
