import { sql } from 'drizzle-orm';
import { feeBreakdown } from '../../../core/money.ts';
import { serviceOptionsFor } from '../../../core/providers/catalog.ts';
import type { BookingStatus, PreferredTime } from '../../../core/bookings/catalog.ts';
import { hashPassword } from '../../modules/auth/password.ts';
import { countUsers } from '../../modules/users/users.repository.ts';
import type { Database, Transaction } from '../client.ts';
import { bookings, notifications, reviews, serviceProviders, users } from '../schema/index.ts';
import { seedBilling } from './billing.ts';
import { DEMO_PASSWORD, demoAccounts } from '../../../core/demo-accounts.ts';
import { demoProviders, reviewComments } from './demo-providers.ts';

const SEED_LOCK = 7_204_212;
const DAY = 86_400_000;

/** A small deterministic generator, so every fresh database gets the same demo data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const dayOnly = (time: number) =>
  new Date(new Date(time).toISOString().slice(0, 10) + 'T00:00:00.000Z');

/**
 * Seeds the demo data into an empty database in one transaction.
 * Returns what it wrote, or null when the database already had users (it never seeds twice).
 */
export async function seedDemoData(db: Database, now = Date.now()) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if ((await countUsers(tx)) > 0) return null;
    return writeDemoData(tx, now);
  });
}

async function writeDemoData(tx: Transaction, now: number) {
  const next = random(20_251_122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const [admin, driver, mechanic, ...reviewers] = await tx
    .insert(users)
    .values([
      {
        username: 'admin',
        email: demoAccounts.admin,
        passwordHash,
        role: 'admin',
        name: 'Dana Whitfield',
        phone: '(214) 555-0190',
        location: 'Dallas, TX',
      },
      {
        username: 'marcus.johnson',
        email: demoAccounts.driver,
        passwordHash,
        role: 'driver',
        name: 'Marcus Johnson',
        phone: '(214) 555-0142',
        location: 'Dallas, TX',
        aaaMemberId: 'AAA-4421-8890',
        company: 'Red River Freight',
        cdlNumber: 'TX-CDL-20931847',
        vehicleInfo: {
          vehicleType: 'semi_truck',
          vehicles: [
            {
              id: 'veh-1',
              type: 'truck',
              make: 'Freightliner',
              model: 'Cascadia',
              year: '2021',
              tireSize: '295/75R22.5',
              tireType: 'commercial',
              loadCapacity: '80,000 lbs',
              notes: 'Day cab, Detroit DD15',
            },
            {
              id: 'veh-2',
              type: 'truck',
              make: 'Peterbilt',
              model: '579',
              year: '2019',
              tireSize: '11R22.5',
              tireType: 'all_season',
              loadCapacity: '80,000 lbs',
            },
          ],
        },
      },
      {
        username: 'lone-star-mobile',
        email: demoAccounts.mechanic,
        passwordHash,
        role: 'mechanic',
        name: 'Ray Delgado',
        phone: '(214) 555-0101',
        location: 'Dallas, TX',
      },
      ...[
        ['Tanya Brooks', 'Houston, TX', 'box_truck'],
        ['Luis Ramirez', 'Dallas, TX', 'semi_truck'],
        ['Kevin O’Neal', 'Fort Worth, TX', 'semi_truck'],
        ['Sheila Grant', 'Houston, TX', 'pickup_truck'],
        ['Darnell Price', 'Arlington, TX', 'trailer'],
      ].map(([name, location, vehicleType], i) => ({
        username: slug(name!).replace(/-/g, '.'),
        email: `${slug(name!).replace(/-/g, '.')}@drivers.truckfinder.test`,
        passwordHash,
        role: 'driver' as const,
        name: name!,
        phone: `(713) 555-01${50 + i}`,
        location: location!,
        vehicleInfo: { vehicleType: vehicleType as 'semi_truck' },
      })),
    ])
    .returning();
  const drivers = [driver!, ...reviewers];

  const owners = await tx
    .insert(users)
    .values(
      demoProviders.slice(1).map((p) => ({
        username: slug(p.businessName),
        email: `owner@${slug(p.businessName)}.truckfinder.test`,
        passwordHash,
        role: 'mechanic' as const,
        name: `${p.businessName} Dispatch`,
        phone: p.phone,
        location: `${p.city}, TX`,
      })),
    )
    .returning({ id: users.id });
  const ownerIds = [mechanic!.id, ...owners.map((o) => o.id)];

  const providers = await tx
    .insert(serviceProviders)
    .values(
      demoProviders.map((p, i) => ({
        ...p,
        userId: ownerIds[i]!,
        state: 'TX',
        email: `service@${slug(p.businessName)}.example`,
        website: `https://www.${slug(p.businessName)}.example`,
        licenseNumber: `TX-BL-${100_200 + i}`,
        insurancePolicy: `INS-${700_300 + i}`,
        verification: 'approved' as const,
        verifiedAt: new Date(now - 120 * DAY),
        createdAt: new Date(now - (180 - i) * DAY),
      })),
    )
    .returning();

  // One application still waiting for an admin, so "Pending Reviews" is not empty.
  const [applicant] = await tx
    .insert(users)
    .values({
      username: 'northside-mobile',
      email: 'owner@northside-mobile.truckfinder.test',
      passwordHash,
      role: 'mechanic',
      name: 'Jamal Carter',
      phone: '(832) 555-0130',
      location: 'Houston, TX',
    })
    .returning({ id: users.id });
  await tx.insert(serviceProviders).values({
    userId: applicant!.id,
    businessName: 'Northside Mobile Repair',
    serviceType: 'mobile_mechanic',
    description: 'New mobile mechanic service for north Houston and the Hardy Toll Road.',
    address: '7200 Airline Dr',
    city: 'Houston',
    state: 'TX',
    zipCode: '77076',
    latitude: 29.8545,
    longitude: -95.3832,
    phone: '(832) 555-0130',
    email: 'service@northside-mobile.example',
    visitFee: 85,
    hourlyRate: 110,
    specialties: ['Brake Repair', 'Electrical'],
    certifications: ['ASE Certified'],
    licenseNumber: 'TX-BL-100999',
    insurancePolicy: 'INS-700999',
    verification: 'pending',
  });

  type NewBooking = typeof bookings.$inferInsert;
  const booking = (
    p: (typeof providers)[number],
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
      confirmedAt:
        status === 'pending' || status === 'cancelled' ? null : new Date(created + 3_600_000),
      ...extra,
    };
  };

  // Past jobs with real reviews: each provider's rating and count come from these rows.
  const reviewed: { booking: NewBooking; rating: number; comment: string; at: number }[] = [];
  for (const p of providers) {
    const count = 3 + Math.floor(next() * 10);
    const skill = 0.55 + next() * 0.4;
    for (let k = 0; k < count; k++) {
      const roll = next();
      const rating =
        roll < skill ? 5 : roll < skill + 0.3 ? 4 : roll < skill + 0.4 ? 3 : roll < 0.97 ? 2 : 1;
      const daysAgo = 7 + Math.floor(next() * 170);
      const visit = p.visitFee;
      reviewed.push({
        booking: booking(
          p,
          pick(drivers).id,
          'completed',
          -daysAgo,
          pick(['morning', 'afternoon', 'evening', 'asap'] as const),
          {
            actualCost: visit + Math.round((p.hourlyRate ?? 0) * (1 + Math.floor(next() * 3))),
          },
        ),
        rating,
        // Cycle through the comments so one provider's page does not repeat itself.
        comment: reviewComments[rating]![(k + reviewed.length) % reviewComments[rating]!.length]!,
        at: now - (daysAgo - 1) * DAY,
      });
    }
  }
  const pastBookings = await tx
    .insert(bookings)
    .values(reviewed.map((r) => r.booking))
    .returning();
  await tx.insert(reviews).values(
    pastBookings.map((b, i) => ({
      bookingId: b.id,
      driverId: b.driverId,
      providerId: b.providerId,
      rating: reviewed[i]!.rating,
      comment: reviewed[i]!.comment,
      createdAt: new Date(reviewed[i]!.at),
    })),
  );
  await tx.execute(sql`
    update ${serviceProviders} sp
    set rating = r.avg_rating, review_count = r.n
    from (select provider_id, round(avg(rating), 2) as avg_rating, count(*)::int as n from ${reviews} group by provider_id) r
    where r.provider_id = sp.id`);

  // The demo driver's own bookings, one or more in every status.
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
        createdAt: new Date(now - 3_600_000),
      }),
      booking(lonestar, driver!.id, 'confirmed', 0, 'afternoon', {
        serviceType: 'Brake Repair',
        description: 'Air brake warning light and low pressure on the trailer circuit.',
        vehicleDetails: '2019 Peterbilt 579',
        location: 'I-35E & Commerce St, Dallas, TX',
        latitude: 32.7782,
        longitude: -96.8103,
        createdAt: new Date(now - 5 * 3_600_000),
      }),
      booking(byName('Big D Diesel Roadside'), driver!.id, 'in_progress', 0, 'asap', {
        serviceType: 'Engine Diagnostics',
        description: 'Check engine light, derate to 55 mph.',
        vehicleDetails: '2021 Freightliner Cascadia, Detroit DD15',
        location: 'I-30 W near Cockrell Hill Rd, Dallas, TX',
        latitude: 32.7568,
        longitude: -96.8866,
        createdAt: new Date(now - 2 * 3_600_000),
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

  const visa = { brand: 'visa', last4: '4242', behaviour: 'succeeds' };
  const basic = providers.slice(1, 5).map((p, i) => ({ p, daysIntoPeriod: 3 + i * 6 }));
  const pastDue = providers[5]!;
  await seedBilling(
    tx,
    [
      {
        userId: mechanic!.id,
        name: mechanic!.name,
        email: mechanic!.email,
        plan: 'premium',
        monthsPaid: 3,
        daysIntoPeriod: 25,
        status: 'active',
        card: visa,
      },
      ...basic.map(({ p, daysIntoPeriod }) => ({
        userId: p.userId,
        name: `${p.businessName} Dispatch`,
        email: `owner@${slug(p.businessName)}.truckfinder.test`,
        plan: 'basic' as const,
        monthsPaid: 2,
        daysIntoPeriod,
        status: 'active' as const,
        card: { brand: 'mastercard', last4: '4444', behaviour: 'succeeds' },
      })),
      {
        userId: pastDue.userId,
        name: `${pastDue.businessName} Dispatch`,
        email: `owner@${slug(pastDue.businessName)}.truckfinder.test`,
        plan: 'premium',
        monthsPaid: 2,
        daysIntoPeriod: 1,
        status: 'past_due',
        // Stripe's 4000 0000 0000 0341: saved fine, every charge declined.
        card: { brand: 'visa', last4: '0341', behaviour: 'attach_then_decline' },
      },
    ],
    now,
  );

  const [pending, confirmed, inProgress, completed] = current;
  await tx.insert(notifications).values([
    {
      userId: driver!.id,
      type: 'booking_update',
      title: 'Booking confirmed',
      message: 'Lone Star Mobile Truck Repair confirmed your Brake Repair request.',
      metadata: { bookingId: confirmed!.id, providerId: lonestar.id },
      createdAt: new Date(now - 4 * 3_600_000),
    },
    {
      userId: driver!.id,
      type: 'booking_update',
      title: 'Job started',
      message: 'Big D Diesel Roadside is working on your Engine Diagnostics request.',
      metadata: { bookingId: inProgress!.id, providerId: inProgress!.providerId },
      createdAt: new Date(now - 3_600_000),
    },
    {
      userId: driver!.id,
      type: 'review_request',
      title: 'How did it go?',
      message: 'Rate your Tire Replacement with Arlington Road Service.',
      metadata: { bookingId: completed!.id, providerId: completed!.providerId },
      read: true,
      createdAt: new Date(now - 5 * DAY),
    },
    {
      userId: mechanic!.id,
      type: 'booking_update',
      title: 'New booking request',
      message: 'Luis Ramirez requested Emergency Service on I-45 S near Hutchins, TX.',
      metadata: { bookingId: current[5]!.id, providerId: lonestar.id },
      createdAt: new Date(now - 20 * 60_000),
    },
    {
      userId: byName('Trinity Tire & Wheel').userId,
      type: 'booking_update',
      title: 'New booking request',
      message: 'Marcus Johnson requested Tire Repair.',
      metadata: { bookingId: pending!.id },
      createdAt: new Date(now - 3_600_000),
    },
  ]);

  return {
    users: 3 + reviewers.length + owners.length + 1,
    providers: providers.length + 1,
    bookings: pastBookings.length + current.length,
    reviews: pastBookings.length,
    admin: admin!.email,
  };
}
