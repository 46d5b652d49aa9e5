import { z } from 'zod';
import { paymentStatuses } from '../billing/schemas.ts';
import { optionalText } from '../validation.ts';
import { bookingStatuses, preferredTimes } from './catalog.ts';
import { truckPlaces } from './safety.ts';

/** `YYYY-MM-DD`, or an ISO date-time whose date part counts. */
const preferredDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, 'Preferred date must be a date like 2026-11-23')
  .transform((v) => v.slice(0, 10))
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'Invalid date',
  );

/** The earliest date anyone on Earth can still call "today": the current date in UTC−12. */
export function earliestBookableDate(now = new Date()): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

export const createBookingSchema = z.object({
  providerId: z.uuid({ message: 'Choose a provider' }),
  /** Ignored unless it names someone else, which is refused: the driver is always the caller. */
  driverId: z.uuid().optional(),
  serviceType: z.string().trim().min(1, 'Please choose a service type').max(60),
  description: optionalText(2000, 'Description'),
  vehicleDetails: optionalText(500, 'Vehicle details'),
  preferredDate: preferredDate.optional(),
  preferredTime: z
    .enum(preferredTimes, { message: 'Preferred time must be morning, afternoon, evening or asap' })
    .optional(),
  location: optionalText(300, 'Location'),
  truckLocation: z
    .enum(truckPlaces, {
      message: 'Where is the truck: travel_lane, shoulder or parking',
    })
    .optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});
export type CreateBookingInput = z.infer<typeof createBookingSchema>;

export const bookingSchema = z.object({
  id: z.uuid(),
  driverId: z.uuid(),
  providerId: z.uuid(),
  serviceType: z.string(),
  description: z.string(),
  vehicleDetails: z.string().nullable(),
  preferredDate: z.iso.datetime().nullable(),
  preferredTime: z.enum(preferredTimes).nullable(),
  status: z.enum(bookingStatuses),
  visitFee: z.number().nullable(),
  estimatedCost: z.number().nullable(),
  actualCost: z.number().nullable(),
  platformFee: z.number().nullable(),
  location: z.string().nullable(),
  truckLocation: z.enum(truckPlaces).nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  notes: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** The other side, for the booking card. */
  provider: z.object({
    businessName: z.string(),
    phone: z.string().nullable(),
    profileImage: z.string().nullable(),
    serviceType: z.string(),
    /** Its payout account can take card payments now (on this server's gateway). */
    acceptsCards: z.boolean(),
    /** Its plan includes real-time tracking: the driver follows the position on a map. */
    liveTracking: z.boolean(),
  }),
  /** The business's technician doing the job (first name only), or null: the business itself. */
  technician: z.object({ id: z.uuid(), firstName: z.string() }).nullable(),
  driver: z.object({ name: z.string(), phone: z.string(), avatarUrl: z.string().nullable() }),
  rated: z.boolean(),
  /** The driver's payment for the job once made (card or cash), else null. */
  payment: z
    .object({
      id: z.uuid(),
      status: z.enum(paymentStatuses),
      paymentMethod: z.string(),
      amount: z.number(),
      /** Refunded so far (card payments). */
      refundedAmount: z.number(),
      /** A card dispute of it is open. */
      disputed: z.boolean(),
      /** Until when the job's provider may refund it (ISO); null when the provider cannot. */
      refundableUntil: z.string().nullable(),
    })
    .nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;
