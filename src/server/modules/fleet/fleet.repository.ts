import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { selectRows, type Executor } from '../../db/client.ts';

/**
 * The fleet dashboard's reads (docs/product.md, "Fleet dashboard"): three statements whatever the
 * business's size, each on an index — `team_members_provider_idx` for the members,
 * `bookings_technician_idx` for each member's open job, `bookings_provider_idx` for the day's
 * board and the month's figures.
 */

/** The window a business's day or month spans: [from, to) in its time zone. */
export interface FleetWindow {
  providerId: string;
  timeZone: string;
  /** YYYY-MM-DD, the board's day in the time zone. */
  date: string;
}

/** Jobs still open this long after they were asked for are shown on the board of a later day. */
export const CARRY_OVER_DAYS = 7;
/** A technician's current job is looked for among the jobs assigned to them this recently. */
export const CURRENT_JOB_LOOKBACK_DAYS = 14;

export interface TechnicianRow {
  id: string;
  name: string;
  last_latitude: number | null;
  last_longitude: number | null;
  last_position_at: Date | string | null;
  job_id: string | null;
  job_service: string | null;
  job_status: string | null;
  job_place: string | null;
  live_latitude: number | null;
  live_longitude: number | null;
  live_at: Date | string | null;
}

export function techniciansQuery(providerId: string): SQL {
  return sql`
    select m.user_id as id, u.name,
      m.last_latitude, m.last_longitude, m.last_position_at,
      j.id as job_id, j.service_type as job_service, j.status as job_status, j.location as job_place,
      p.latitude as live_latitude, p.longitude as live_longitude, p.recorded_at as live_at
    from team_members m
    join users u on u.id = m.user_id and u.role = 'technician'
    left join lateral (
      select b.id, b.service_type, b.status, b.location
      from bookings b
      where b.technician_id = m.user_id
        and b.created_at > now() - make_interval(days => ${CURRENT_JOB_LOOKBACK_DAYS})
        and b.status in ('in_progress', 'confirmed')
      order by (b.status = 'in_progress') desc, b.created_at desc
      limit 1
    ) j on true
    left join booking_positions p on p.booking_id = j.id and j.status = 'in_progress'
    where m.provider_id = ${providerId}
    order by m.created_at, m.user_id`;
}

export interface JobRow {
  id: string;
  status: string;
  service_type: string;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  driver_name: string;
  technician_id: string | null;
  technician_name: string | null;
  created_at: Date | string;
  preferred_date: Date | string | null;
  preferred_time: string | null;
  confirmed_at: Date | string | null;
  arrived_at: Date | string | null;
  updated_at: Date | string;
}

const dayStart = (w: FleetWindow) => sql`(${w.date}::date::timestamp at time zone ${w.timeZone})`;
const dayEnd = (w: FleetWindow) =>
  sql`((${w.date}::date + 1)::timestamp at time zone ${w.timeZone})`;

/** The day's jobs, and the jobs of the week before still waiting or under way (not cancelled). */
export function jobsQuery(w: FleetWindow): SQL {
  return sql`
    select b.id, b.status, b.service_type, b.location, b.latitude, b.longitude,
      d.name as driver_name, b.technician_id, t.name as technician_name,
      b.created_at, b.preferred_date, b.preferred_time, b.confirmed_at, b.arrived_at, b.updated_at
    from bookings b
    join users d on d.id = b.driver_id
    left join users t on t.id = b.technician_id
    where b.provider_id = ${w.providerId}
      and b.created_at >= ${dayStart(w)} - make_interval(days => ${CARRY_OVER_DAYS})
      and b.created_at < ${dayEnd(w)}
      and b.status <> 'cancelled'
      and (b.created_at >= ${dayStart(w)} or b.status in ('pending', 'confirmed', 'in_progress'))
    order by b.created_at, b.id`;
}

export interface FiguresRow {
  month: string;
  requested: number | string;
  answered: number | string;
  accepted: number | string;
  median_to_accept: number | string | null;
  median_to_arrive: number | string | null;
  completed: number | string;
  revenue_cents: number | string | null;
}

/**
 * The month's figures over the bookings asked for in the month (in the time zone): see
 * docs/decisions/055-fleet-dashboard.md for what each counts.
 */
export function figuresQuery(w: FleetWindow): SQL {
  const monthStart = sql`date_trunc('month', ${w.date}::date)`;
  return sql`
    select to_char(${monthStart}, 'YYYY-MM-DD') as month,
      count(*) as requested,
      count(*) filter (where b.confirmed_at is not null or b.status = 'cancelled') as answered,
      count(*) filter (where b.confirmed_at is not null) as accepted,
      percentile_cont(0.5) within group (
        order by date_part('epoch', b.confirmed_at - b.created_at) / 60
      ) filter (where b.confirmed_at >= b.created_at) as median_to_accept,
      percentile_cont(0.5) within group (
        order by date_part('epoch', b.arrived_at - b.confirmed_at) / 60
      ) filter (where b.arrived_at >= b.confirmed_at) as median_to_arrive,
      count(*) filter (where b.status = 'completed') as completed,
      round(sum(b.visit_fee * 100) filter (where b.status = 'completed')) as revenue_cents
    from bookings b
    where b.provider_id = ${w.providerId}
      and b.created_at >= (${monthStart}::timestamp at time zone ${w.timeZone})
      and b.created_at < ((${monthStart} + interval '1 month')::timestamp at time zone ${w.timeZone})`;
}

export async function readFleet(db: Executor, w: FleetWindow) {
  const [technicians, jobs, [figures]] = await Promise.all([
    selectRows<TechnicianRow>(db, techniciansQuery(w.providerId)),
    selectRows<JobRow>(db, jobsQuery(w)),
    selectRows<FiguresRow>(db, figuresQuery(w)),
  ]);
  return { technicians, jobs, figures: figures! };
}

const dialect = new PgDialect();
/** The statements as sent, for EXPLAIN in tests and the benchmark. */
export const fleetStatements = (w: FleetWindow) =>
  [techniciansQuery(w.providerId), jobsQuery(w), figuresQuery(w)].map((q) => dialect.sqlToQuery(q));
