import { z } from 'zod';
import { bookingStatuses } from '../bookings/catalog.ts';
import { technicianStatuses } from './board.ts';

/** The fleet dashboard's query (docs/product.md, "Fleet dashboard"). */
export const fleetQuerySchema = z.object({
  /** The IANA time zone whose day and month the board and figures use; UTC when left out. */
  tz: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: 'Unknown time zone: use an IANA name such as America/Chicago' })
    .optional(),
  /** The day the board shows (YYYY-MM-DD in `tz`); today when left out. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Expected a date as YYYY-MM-DD' })
    .refine(isCalendarDate, { message: 'Expected a date as YYYY-MM-DD' })
    .optional(),
});
export type FleetQuery = z.infer<typeof fleetQuerySchema>;

/** A real day between the years 2000 and 2999 (no 30 February). */
function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    year <= 2999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** Whether the runtime knows `zone` as a time zone. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const positionSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  at: z.iso.datetime(),
});

export const fleetJobSchema = z.object({
  id: z.uuid(),
  status: z.enum(bookingStatuses),
  serviceType: z.string(),
  /** Where the job is, as the driver wrote it. */
  place: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  driverFirstName: z.string(),
  technician: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  preferredDate: z.iso.datetime().nullable(),
  preferredTime: z.string().nullable(),
  confirmedAt: z.iso.datetime().nullable(),
  arrivedAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});
export type FleetJob = z.infer<typeof fleetJobSchema>;

export const fleetTechnicianSchema = z.object({
  id: z.uuid(),
  /** First name and last initial. */
  name: z.string(),
  status: z.enum(technicianStatuses),
  /** The newer of the member's last shared position and their job in progress's live one. */
  position: positionSchema.nullable(),
  currentJob: z
    .object({
      id: z.uuid(),
      serviceType: z.string(),
      status: z.enum(bookingStatuses),
      place: z.string().nullable(),
    })
    .nullable(),
});
export type FleetTechnician = z.infer<typeof fleetTechnicianSchema>;

export const fleetFiguresSchema = z.object({
  /** The month's first day (YYYY-MM-DD) in the dashboard's time zone. */
  month: z.string(),
  requested: z.number().int(),
  /** Accepted, or declined or cancelled before an answer (still pending ones are left out). */
  answered: z.number().int(),
  accepted: z.number().int(),
  /** accepted ÷ answered (0..1); null when nothing was answered yet. */
  acceptanceRate: z.number().nullable(),
  medianMinutesToAccept: z.number().nullable(),
  medianMinutesToArrive: z.number().nullable(),
  completedJobs: z.number().int(),
  /** Sum of the visit fees of the completed jobs, in cents. */
  visitFeeRevenueCents: z.number().int(),
});
export type FleetFigures = z.infer<typeof fleetFiguresSchema>;

export const fleetSchema = z.object({
  timeZone: z.string(),
  /** The board's day (YYYY-MM-DD in `timeZone`). */
  date: z.string(),
  technicians: z.array(fleetTechnicianSchema),
  jobs: z.array(fleetJobSchema),
  figures: fleetFiguresSchema,
});
export type Fleet = z.infer<typeof fleetSchema>;
