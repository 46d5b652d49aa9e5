import type { BookingStatus, PreferredTime } from '../../../core/bookings/catalog.ts';
import { feeBreakdown } from '../../../core/money.ts';
import { serviceOptionsFor } from '../../../core/providers/catalog.ts';
import { bookings, notifications } from '../schema/index.ts';
import type { DemoAccounts } from './accounts.ts';
import type { DemoProvider } from './providers.ts';
import { DAY, dayOnly, HOUR, type SeedContext } from './random.ts';

export type NewBooking = typeof bookings.$inferInsert;

/** A booking of a demo business, its fees computed like the product's, dated from `now`. */
export const demoBooking =
  ({ now, pick }: SeedContext) =>
  (
    p: DemoProvider,
    driverId: string,
    status: BookingStatus,
    daysFromNow: number,
    time: PreferredTime,
    extra: Partial<NewBooking> = {},
  ): NewBooking => {
    const fees = feeBreakdown(p.visitFee);
    const created = now + Math.min(daysFromNow, 0) * DAY - 2 * DAY;
    return {
      driverId,
      providerId: p.id,
      serviceType: pick(serviceOptionsFor(p.serviceType)),
      description: 'Roadside service request',
      vehicleDetails: '2021 Freightliner Cascadia',
      preferredDate: dayOnly(now + daysFromNow * DAY),
      preferredTime: time,
      status,
      visitFee: fees.visitFee,
      platformFee: fees.platformFee,
      estimatedCost: fees.total,
      location: `${p.city}, TX`,
      createdAt: new Date(created),
      updatedAt: new Date(created + DAY),
      confirmedAt: status === 'pending' || status === 'cancelled' ? null : new Date(created + HOUR),
      ...extra,
    };
  };

/**
 * The demo driver's own bookings (one or more in every status), the requests waiting on the demo
 * mechanic, and the notifications they would have brought.
 */
export async function seedCurrentBookings(
  ctx: SeedContext,
  { driver, mechanic, reviewers }: DemoAccounts,
  providers: DemoProvider[],
) {
  const { tx, now } = ctx;
  const booking = demoBooking(ctx);
  const byName = (name: string) => providers.find((p) => p.businessName === name)!;
  const lonestar = providers[0]!;
  const current = await tx
    .insert(bookings)
    .values([
      booking(byName('Trinity Tire & Wheel'), driver!.id, 'pending', 1, 'morning', {
        serviceType: 'Tire Repair',
        description: 'Slow leak on the left steer tire, holding 90 psi for now.',
        vehicleDetails: '2021 Freightliner Cascadia, 295/75R22.5',
        location: 'Love Field Truck Stop, 7800 Lemmon Ave, Dallas, TX',
        createdAt: new Date(now - HOUR),
      }),
      booking(lonestar, driver!.id, 'confirmed', 0, 'afternoon', {
        serviceType: 'Brake Repair',
        description: 'Air brake warning light and low pressure on the trailer circuit.',
        vehicleDetails: '2019 Peterbilt 579',
        location: 'I-35E & Commerce St, Dallas, TX',
        latitude: 32.7782,
        longitude: -96.8103,
        createdAt: new Date(now - 5 * HOUR),
      }),
      booking(byName('Big D Diesel Roadside'), driver!.id, 'in_progress', 0, 'asap', {
        serviceType: 'Engine Diagnostics',
        description: 'Check engine light, derate to 55 mph.',
        vehicleDetails: '2021 Freightliner Cascadia, Detroit DD15',
        location: 'I-30 W near Cockrell Hill Rd, Dallas, TX',
        latitude: 32.7568,
        longitude: -96.8866,
        createdAt: new Date(now - 2 * HOUR),
      }),
      booking(byName('Arlington Road Service'), driver!.id, 'completed', -5, 'evening', {
        serviceType: 'Tire Replacement',
        description: 'Blown drive tire, replaced with a new 11R22.5.',
        actualCost: 412.5,
        location: 'I-20 at Cooper St, Arlington, TX',
      }),
      booking(byName('Mesquite Heavy Tow'), driver!.id, 'cancelled', -10, 'asap', {
        serviceType: 'Road Service',
        description: 'Would not start at the shipper; got it going with a jump from the yard.',
        location: 'Mesquite, TX',
      }),
      // Requests waiting on the demo mechanic.
      booking(lonestar, reviewers[1]!.id, 'pending', 0, 'asap', {
        serviceType: 'Emergency Service',
        description: 'Lost power on the shoulder, fuel filter warning.',
        vehicleDetails: '2018 Kenworth T680',
        location: 'I-45 S near Hutchins, TX',
        truckLocation: 'shoulder',
        latitude: 32.6427,
        longitude: -96.7126,
        createdAt: new Date(now - 20 * 60_000),
      }),
      booking(lonestar, reviewers[2]!.id, 'pending', 1, 'morning', {
        serviceType: 'Engine Diagnostics',
        description: 'Intermittent stalling at idle.',
        vehicleDetails: '2020 Volvo VNL 760',
        location: 'Pilot Travel Center, Dallas, TX',
      }),
    ])
    .returning();

  const [pending, confirmed, inProgress, completed] = current;
  await tx.insert(notifications).values([
    {
      userId: driver!.id,
      type: 'booking_update',
      title: 'Booking confirmed',
      message: 'Lone Star Mobile Truck Repair confirmed your Brake Repair request.',
      metadata: { bookingId: confirmed!.id, providerId: lonestar.id, category: 'booking_updates' },
      createdAt: new Date(now - 4 * HOUR),
    },
    {
      userId: driver!.id,
      type: 'booking_update',
      title: 'Job started',
      message: 'Big D Diesel Roadside is working on your Engine Diagnostics request.',
      metadata: {
        bookingId: inProgress!.id,
        providerId: inProgress!.providerId,
        category: 'booking_updates',
      },
      createdAt: new Date(now - HOUR),
    },
    {
      userId: driver!.id,
      type: 'review_request',
      title: 'How did it go?',
      message: 'Rate your Tire Replacement with Arlington Road Service.',
      metadata: {
        bookingId: completed!.id,
        providerId: completed!.providerId,
        category: 'booking_updates',
      },
      read: true,
      createdAt: new Date(now - 5 * DAY),
    },
    {
      userId: mechanic!.id,
      type: 'booking_update',
      title: 'Urgent booking request',
      message:
        'Luis Ramirez requested Emergency Service at I-45 S near Hutchins, TX. Truck on the shoulder.',
      metadata: {
        bookingId: current[5]!.id,
        providerId: lonestar.id,
        urgent: true,
        category: 'job_requests',
      },
      createdAt: new Date(now - 20 * 60_000),
    },
    {
      userId: byName('Trinity Tire & Wheel').userId,
      type: 'booking_update',
      title: 'New booking request',
      message: 'Marcus Johnson requested Tire Repair.',
      metadata: { bookingId: pending!.id, category: 'job_requests' },
      createdAt: new Date(now - HOUR),
    },
  ]);

  return current;
}
