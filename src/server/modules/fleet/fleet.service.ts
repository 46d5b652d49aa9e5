import { dayIn, firstName, shortName } from '../../../core/fleet/board.ts';
import { type Fleet, type FleetQuery, type FleetTechnician } from '../../../core/fleet/schemas.ts';
import type { BookingStatus } from '../../../core/bookings/catalog.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import { AppError } from '../../../core/errors.ts';
import type { Database } from '../../db/client.ts';
import { requireFeature, type BusinessAccess } from '../team/index.ts';
import * as repo from './fleet.repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const num = (value: number | string | null) => (value === null ? null : Number(value));
/** Minutes to one decimal. */
const minutes = (value: number | string | null) =>
  value === null ? null : Math.round(Number(value) * 10) / 10;

/** The newer of two positions. */
function newer(
  a: { latitude: number; longitude: number; at: string } | null,
  b: { latitude: number; longitude: number; at: string } | null,
) {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(b.at) > Date.parse(a.at) ? b : a;
}

function technician(row: repo.TechnicianRow): FleetTechnician {
  const last =
    row.last_latitude !== null && row.last_longitude !== null && row.last_position_at !== null
      ? {
          latitude: row.last_latitude,
          longitude: row.last_longitude,
          at: iso(row.last_position_at),
        }
      : null;
  const live =
    row.live_latitude !== null && row.live_longitude !== null && row.live_at !== null
      ? { latitude: row.live_latitude, longitude: row.live_longitude, at: iso(row.live_at) }
      : null;
  const status = (row.job_status ?? 'free') as FleetTechnician['status'];
  return {
    id: row.id,
    name: shortName(row.name),
    status,
    position: newer(last, live),
    currentJob: row.job_id
      ? {
          id: row.job_id,
          serviceType: row.job_service!,
          status: row.job_status as BookingStatus,
          place: row.job_place,
        }
      : null,
  };
}

/** The fleet dashboard of an Enterprise business (docs/product.md, "Fleet dashboard"). */
export function createFleetService(db: Database, businessAccess: BusinessAccess) {
  return {
    async read(user: PublicUser, query: FleetQuery): Promise<Fleet> {
      const side = await businessAccess.requireSide(db, user);
      if (side.role === 'technician')
        throw new AppError('forbidden', 'Only the owner and dispatchers see the fleet');
      requireFeature(side, 'fleet');
      const timeZone = query.tz ?? 'UTC';
      const date = query.date ?? dayIn(timeZone);
      const rows = await repo.readFleet(db, { providerId: side.providerId, timeZone, date });
      const answered = Number(rows.figures.answered);
      const accepted = Number(rows.figures.accepted);
      return {
        timeZone,
        date,
        technicians: rows.technicians.map(technician),
        jobs: rows.jobs.map((row) => ({
          id: row.id,
          status: row.status as BookingStatus,
          serviceType: row.service_type,
          place: row.location,
          latitude: row.latitude,
          longitude: row.longitude,
          driverFirstName: firstName(row.driver_name),
          technician:
            row.technician_id && row.technician_name !== null
              ? { id: row.technician_id, name: shortName(row.technician_name) }
              : null,
          createdAt: iso(row.created_at),
          preferredDate: isoOrNull(row.preferred_date),
          preferredTime: row.preferred_time,
          confirmedAt: isoOrNull(row.confirmed_at),
          arrivedAt: isoOrNull(row.arrived_at),
          updatedAt: iso(row.updated_at),
        })),
        figures: {
          month: rows.figures.month,
          requested: Number(rows.figures.requested),
          answered,
          accepted,
          acceptanceRate: answered === 0 ? null : Math.round((accepted / answered) * 1000) / 1000,
          medianMinutesToAccept: minutes(rows.figures.median_to_accept),
          medianMinutesToArrive: minutes(rows.figures.median_to_arrive),
          completedJobs: Number(rows.figures.completed),
          visitFeeRevenueCents: num(rows.figures.revenue_cents) ?? 0,
        },
      };
    },
  };
}

export type FleetService = ReturnType<typeof createFleetService>;
