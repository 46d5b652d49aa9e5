import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ReportGrouping } from '../../../core/reports/rules.ts';
import { selectRows, type Executor } from '../../db/client.ts';
import { monthlyStatements } from '../../db/schema/index.ts';

/**
 * The reports' reads (docs/decisions/058-reports.md): one statement per block — periods with the
 * range's totals and ratings, services, technicians — each an aggregate over the business's
 * bookings asked for in the range, found through `bookings_provider_idx` (provider_id,
 * created_at), and their reviews through `reviews_provider_idx`. Days are UTC; `grouping sets`
 * gives the totals in the same pass, so their medians are true medians. Rows are grouped on the
 * truncated timestamp and formatted once per group.
 */

export interface ReportWindow {
  providerId: string;
  /** First day, `YYYY-MM-DD` (UTC). */
  from: string;
  /** Last day, included. */
  to: string;
  groupBy: ReportGrouping;
}

/** date_trunc's unit for each grouping, written into the statement (never user text). */
const truncUnit: Record<ReportGrouping, SQL> = {
  day: sql.raw(`'day'`),
  week: sql.raw(`'week'`),
  month: sql.raw(`'month'`),
};

/** The business's bookings asked for in the window, each with the first day of its period. */
function inWindow(w: ReportWindow, columns: SQL): SQL {
  return sql`(
    select date_trunc(${truncUnit[w.groupBy]}, b.created_at at time zone 'UTC') as period,
      ${columns}
    from bookings b
    where b.provider_id = ${w.providerId}
      and b.created_at >= (${w.from}::date)::timestamp at time zone 'UTC'
      and b.created_at < (${w.to}::date + 1)::timestamp at time zone 'UTC'
  ) b`;
}

export interface FiguresRow {
  /** Null on the totals row. */
  period: string | null;
  jobs: number | string;
  pending: number | string;
  confirmed: number | string;
  in_progress: number | string;
  completed: number | string;
  cancelled: number | string;
  revenue_cents: number | string | null;
  fee_cents: number | string | null;
  median_to_accept: number | string | null;
  median_to_arrive: number | string | null;
  stars: number | string | null;
  reviews: number | string;
}

/** The review of each job (at most one), found through the business's reviews. */
const reviewOf = (w: ReportWindow) =>
  sql`left join reviews r on r.booking_id = b.id and r.provider_id = ${w.providerId}`;

const medianMinutes = (later: SQL, earlier: SQL) => sql`percentile_cont(0.5) within group (
    order by date_part('epoch', ${later} - ${earlier}) / 60
  ) filter (where ${later} >= ${earlier})`;

export function figuresQuery(w: ReportWindow): SQL {
  return sql`
    select case when grouping(b.period) = 1 then null else to_char(b.period, 'YYYY-MM-DD') end as period,
      count(*) as jobs,
      count(*) filter (where b.status = 'pending') as pending,
      count(*) filter (where b.status = 'confirmed') as confirmed,
      count(*) filter (where b.status = 'in_progress') as in_progress,
      count(*) filter (where b.status = 'completed') as completed,
      count(*) filter (where b.status = 'cancelled') as cancelled,
      round(sum(b.visit_fee * 100) filter (where b.status = 'completed')) as revenue_cents,
      round(sum(b.platform_fee * 100) filter (where b.status = 'completed')) as fee_cents,
      ${medianMinutes(sql`b.confirmed_at`, sql`b.created_at`)} as median_to_accept,
      ${medianMinutes(sql`b.arrived_at`, sql`b.confirmed_at`)} as median_to_arrive,
      sum(r.rating) as stars, count(r.rating) as reviews
    from ${inWindow(w, sql`b.id, b.status, b.visit_fee, b.platform_fee, b.created_at, b.confirmed_at, b.arrived_at`)}
    ${reviewOf(w)}
    group by grouping sets ((b.period), ())`;
}

export interface ServiceRow {
  /** Null on a service's row for the whole range. */
  period: string | null;
  service_type: string;
  jobs: number | string;
  completed: number | string;
}

export function servicesQuery(w: ReportWindow): SQL {
  return sql`
    select case when grouping(b.period) = 1 then null else to_char(b.period, 'YYYY-MM-DD') end as period,
      b.service_type,
      count(*) as jobs,
      count(*) filter (where b.status = 'completed') as completed
    from ${inWindow(w, sql`b.service_type, b.status`)}
    group by grouping sets ((b.period, b.service_type), (b.service_type))`;
}

export interface TechnicianRow {
  technician_id: string | null;
  jobs: number | string;
  completed: number | string;
  revenue_cents: number | string | null;
  stars: number | string | null;
  reviews: number | string;
  median_to_arrive: number | string | null;
}

export function techniciansQuery(w: ReportWindow): SQL {
  return sql`
    select b.technician_id,
      count(*) as jobs,
      count(*) filter (where b.status = 'completed') as completed,
      round(sum(b.visit_fee * 100) filter (where b.status = 'completed')) as revenue_cents,
      sum(r.rating) as stars, count(r.rating) as reviews,
      ${medianMinutes(sql`b.arrived_at`, sql`b.confirmed_at`)} as median_to_arrive
    from ${inWindow(w, sql`b.id, b.technician_id, b.status, b.visit_fee, b.confirmed_at, b.arrived_at`)}
    ${reviewOf(w)}
    group by b.technician_id`;
}

export interface PersonRow {
  id: string;
  name: string;
  member: boolean;
}

/** The business's members (technicians and dispatchers), in the order they joined. */
function peopleQuery(w: ReportWindow): SQL {
  return sql`
    select u.id, u.name, true as member
    from team_members m join users u on u.id = m.user_id
    where m.provider_id = ${w.providerId}
    order by m.created_at, m.user_id`;
}

export interface BusinessRow {
  business_name: string;
  owner_email: string;
  owner_name: string;
}

export async function findBusiness(db: Executor, providerId: string) {
  const [row] = await selectRows<BusinessRow>(
    db,
    sql`select p.business_name, u.email as owner_email, u.name as owner_name
        from service_providers p join users u on u.id = p.user_id
        where p.id = ${providerId}`,
  );
  return row ?? null;
}

/** Names of users by id (technicians who left keep their name on the report). */
export async function namesOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRows<{ id: string; name: string }>(
    db,
    sql`select id, name from users where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every block of a report, read at once. Technicians only for a business with members. */
export async function readReport(db: Executor, w: ReportWindow) {
  const [figures, services, people] = await Promise.all([
    selectRows<FiguresRow>(db, figuresQuery(w)),
    selectRows<ServiceRow>(db, servicesQuery(w)),
    selectRows<PersonRow>(db, peopleQuery(w)),
  ]);
  const technicians =
    people.length > 0 ? await selectRows<TechnicianRow>(db, techniciansQuery(w)) : [];
  return { figures, services, people, technicians };
}

const dialect = new PgDialect();
/** The statements as sent, for EXPLAIN in tests and the benchmark. */
export const reportStatements = (w: ReportWindow) =>
  [figuresQuery(w), servicesQuery(w), techniciansQuery(w)].map((q) => dialect.sqlToQuery(q));

/** Businesses with jobs asked for in the month (UTC) and no statement for it yet, a batch at a time. */
export async function businessesToState(
  db: Executor,
  month: { from: string; to: string; key: string },
  limit: number,
): Promise<string[]> {
  const rows = await selectRows<{ provider_id: string }>(
    db,
    sql`
      select distinct b.provider_id
      from bookings b
      where b.created_at >= (${month.from}::date)::timestamp at time zone 'UTC'
        and b.created_at < (${month.to}::date + 1)::timestamp at time zone 'UTC'
        and not exists (
          select 1 from monthly_statements s
          where s.provider_id = b.provider_id and s.month = ${month.key}
        )
      limit ${limit}`,
  );
  return rows.map((r) => r.provider_id);
}

/** Claims the month's statement of a business; false when one was already sent. */
export async function claimStatement(
  tx: Executor,
  providerId: string,
  month: string,
): Promise<boolean> {
  const rows = await tx
    .insert(monthlyStatements)
    .values({ providerId, month })
    .onConflictDoNothing()
    .returning({ id: monthlyStatements.id });
  return rows.length === 1;
}
