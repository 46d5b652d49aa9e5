import { and, count, desc, eq, gte, isNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingStatus } from '../../../core/bookings/catalog.ts';
import type { Booking } from '../../../core/bookings/schemas.ts';
import { hasFeature } from '../../../core/billing/plan-features.ts';
import type { PlanType } from '../../../core/billing/plans.ts';
import { firstName } from '../../../core/fleet/board.ts';
import { PROVIDER_REFUND_WINDOW_DAYS } from '../../../core/billing/payouts.ts';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  idempotencyKeys,
  paymentDisputes,
  paymentRefunds,
  payments,
  payoutAccounts,
  reviews,
  serviceProviders,
  subscriptions,
  users,
} from '../../db/schema/index.ts';

const technicians = alias(users, 'technician');

export type NewBooking = typeof bookings.$inferInsert;

/** The payment gateway this server charges cards on (`off`, `test`, `stripe`), set at start. */
let cardGateway = 'off';
export function useCardGateway(mode: string) {
  cardGateway = mode;
}

/** Days the job's provider may refund a card payment (core/billing/payouts.ts). */
const REFUND_WINDOW = `${PROVIDER_REFUND_WINDOW_DAYS} days`;

/**
 * The plan governing the business of the row's `service_providers` now (billing's rule: running,
 * retried or cancelled, until its end date; the newest wins): live tracking and team members
 * depend on it.
 */
export const ownerPlan = () =>
  sql<PlanType | null>`(select ${subscriptions.planType} from ${subscriptions}
    where ${subscriptions.userId} = ${serviceProviders.userId}
      and ${subscriptions.status} in ('active', 'past_due', 'cancelled') and ${subscriptions.endDate} > now()
    order by ${subscriptions.createdAt} desc limit 1)`;

/** Bookings with what their cards show of the other side, in one query. */
function selectBookings(db: Executor, where: SQL | undefined, limit = 500, offset = 0) {
  return db
    .select({
      booking: bookings,
      driverEmail: users.email,
      provider: {
        businessName: serviceProviders.businessName,
        phone: serviceProviders.phone,
        profileImage: serviceProviders.profileImage,
        serviceType: serviceProviders.serviceType,
        ownerId: serviceProviders.userId,
        acceptsCards: sql<boolean>`exists (select 1 from ${payoutAccounts} where ${payoutAccounts.providerId} = ${bookings.providerId} and ${payoutAccounts.gateway} = ${cardGateway} and ${payoutAccounts.chargesEnabled} and ${payoutAccounts.payoutsEnabled})`,
      },
      ownerPlan: ownerPlan(),
      technician: { id: technicians.id, name: technicians.name },
      driver: { name: users.name, phone: users.phone, avatarUrl: users.avatarUrl },
      rated: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.bookingId} = ${bookings.id})`,
      // The paid payment if there is one, else the newest attempt.
      payment: sql<
        Booking['payment']
      >`(select json_build_object('id', ${payments.id}, 'status', ${payments.status}, 'paymentMethod', ${payments.paymentMethod}, 'amount', ${payments.amount}::float8,
          'refundedAmount', coalesce((select sum(${paymentRefunds.amountCents}) from ${paymentRefunds} where ${paymentRefunds.paymentId} = ${payments.id} and ${paymentRefunds.status} = 'succeeded'), 0)::float8 / 100,
          'disputed', exists (select 1 from ${paymentDisputes} where ${paymentDisputes.paymentId} = ${payments.id} and ${paymentDisputes.closedAt} is null),
          'refundableUntil', case when ${payments.paymentMethod} = 'card' and ${payments.platformFeeCents} is not null and ${payments.status} = 'completed' and ${payments.createdAt} + ${REFUND_WINDOW}::interval > now()
              and not exists (select 1 from ${paymentDisputes} where ${paymentDisputes.paymentId} = ${payments.id} and ${paymentDisputes.status} not in ('won', 'warning_closed'))
            then to_char((${payments.createdAt} + ${REFUND_WINDOW}::interval) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end)
        from ${payments} where ${payments.bookingId} = ${bookings.id}
        order by (${payments.status} = 'completed') desc, ${payments.createdAt} desc limit 1)`,
    })
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .leftJoin(technicians, eq(technicians.id, bookings.technicianId))
    .where(where)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit)
    .offset(offset);
}

type Row = Awaited<ReturnType<typeof selectBookings>>[number];

export interface StoredBooking extends Booking {
  /** The user who owns the booking's provider, for access checks; not sent to clients. */
  providerOwnerId: string;
  /** The assigned technician as stored, kept while a downgrade pauses team accounts. */
  technicianId: string | null;
  /** The plan governing the provider's business now; not sent to clients. */
  ownerPlan: PlanType | null;
}

function toBooking({
  booking: b,
  provider,
  ownerPlan,
  technician,
  driver,
  rated,
  payment,
}: Row): StoredBooking {
  const { ownerId, ...rest } = provider;
  const providerCard = {
    ...rest,
    acceptsCards: Boolean(rest.acceptsCards),
    liveTracking: hasFeature(ownerPlan, 'liveTracking'),
  };
  // While the plan has no team accounts, every job is the owner's again (docs/product.md, "Teams").
  const assigned = technician?.id && hasFeature(ownerPlan, 'team') ? technician : null;
  return {
    id: b.id,
    driverId: b.driverId,
    providerId: b.providerId,
    serviceType: b.serviceType,
    description: b.description,
    vehicleDetails: b.vehicleDetails,
    preferredDate: b.preferredDate?.toISOString() ?? null,
    preferredTime: (b.preferredTime as Booking['preferredTime']) ?? null,
    status: b.status,
    visitFee: b.visitFee,
    estimatedCost: b.estimatedCost,
    actualCost: b.actualCost,
    platformFee: b.platformFee,
    location: b.location,
    truckLocation: (b.truckLocation as Booking['truckLocation']) ?? null,
    latitude: b.latitude,
    longitude: b.longitude,
    notes: b.notes,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
    provider: providerCard,
    technician: assigned ? { id: assigned.id, firstName: firstName(assigned.name ?? '') } : null,
    technicianId: b.technicianId,
    ownerPlan,
    driver,
    rated: Boolean(rated),
    payment: payment ?? null,
    providerOwnerId: ownerId,
  };
}

export async function findBooking(db: Executor, id: string): Promise<StoredBooking | null> {
  const [row] = await selectBookings(db, eq(bookings.id, id), 1);
  return row ? toBooking(row) : null;
}

export async function listBookings(
  db: Executor,
  scope:
    | { driverId: string }
    | { providerOwnerId: string }
    | { providerId: string; technicianId?: string }
    | 'all',
) {
  const where =
    scope === 'all'
      ? undefined
      : 'driverId' in scope
        ? eq(bookings.driverId, scope.driverId)
        : 'providerOwnerId' in scope
          ? eq(serviceProviders.userId, scope.providerOwnerId)
          : and(
              eq(bookings.providerId, scope.providerId),
              scope.technicianId ? eq(bookings.technicianId, scope.technicianId) : undefined,
            );
  return (await selectBookings(db, where)).map(toBooking);
}

export interface BookingFilter {
  status?: BookingStatus | undefined;
  providerId?: string | undefined;
  driverId?: string | undefined;
  /** Created at or after. */
  from?: Date | undefined;
  /** Created before. */
  to?: Date | undefined;
}

/** A page of every booking, newest first, for admins: each with its driver's email. */
export async function pageBookings(
  db: Executor,
  filter: BookingFilter,
  page: { offset: number; limit: number },
): Promise<{ bookings: (StoredBooking & { driverEmail: string })[]; total: number }> {
  const where = and(
    filter.status ? eq(bookings.status, filter.status) : undefined,
    filter.providerId ? eq(bookings.providerId, filter.providerId) : undefined,
    filter.driverId ? eq(bookings.driverId, filter.driverId) : undefined,
    filter.from ? gte(bookings.createdAt, filter.from) : undefined,
    filter.to ? lt(bookings.createdAt, filter.to) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    selectBookings(db, where, page.limit, page.offset),
    db.select({ total: count() }).from(bookings).where(where),
  ]);
  return {
    bookings: rows.map((row) => ({ ...toBooking(row), driverEmail: row.driverEmail })),
    total: counted?.total ?? 0,
  };
}

export async function insertBooking(db: Executor, booking: NewBooking): Promise<string> {
  const [row] = await db.insert(bookings).values(booking).returning({ id: bookings.id });
  return row!.id;
}

/** Moves a booking only if it is still in `from`: a concurrent change makes this answer false. */
export async function moveBooking(
  db: Executor,
  id: string,
  from: BookingStatus,
  to: BookingStatus,
  actualCost?: number,
): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({
      status: to,
      updatedAt: new Date(),
      ...(actualCost !== undefined ? { actualCost } : {}),
      ...(to === 'confirmed' ? { confirmedAt: new Date() } : {}),
    })
    .where(and(eq(bookings.id, id), eq(bookings.status, from)))
    .returning({ id: bookings.id });
  return rows.length === 1;
}

/**
 * Records that the driver was told the provider is on the way; false when they already were
 * (the first position of the job wins, even when two arrive at once).
 */
export async function markEnRoute(db: Executor, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ enRouteNotifiedAt: at })
    .where(and(eq(bookings.id, id), isNull(bookings.enRouteNotifiedAt)))
    .returning({ id: bookings.id });
  return rows.length === 1;
}

/**
 * Records the provider's arrival (and counts the driver as told they were on the way); false when
 * it was recorded before.
 */
export async function markArrived(db: Executor, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ arrivedAt: at, enRouteNotifiedAt: sql`coalesce(${bookings.enRouteNotifiedAt}, ${at})` })
    .where(and(eq(bookings.id, id), isNull(bookings.arrivedAt)))
    .returning({ id: bookings.id });
  return rows.length === 1;
}

/** Claims an idempotency key; a concurrent claim of the same key waits for this transaction. */
export async function claimIdempotencyKey(
  db: Executor,
  userId: string,
  key: string,
  requestHash: string,
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function findIdempotencyKey(db: Executor, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row ?? null;
}

/**
 * Keeps the booking a key created, to replay it to a retry. The stored answer is null while the
 * first request runs; the HTTP status of a replay is the route's business, not the row's.
 */
export async function storeIdempotentResponse(
  db: Executor,
  userId: string,
  key: string,
  response: unknown,
) {
  await db
    .update(idempotencyKeys)
    .set({ response })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Housekeeping: keys older than `before` are forgotten (a retry after that is a new request). */
export async function deleteIdempotencyKeysBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}

/** Bookings a provider accepted since `since` (the plan's monthly allowance counts these). */
export async function countAccepted(
  db: Executor,
  providerId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.providerId, providerId), gte(bookings.confirmedAt, since)));
  return row?.n ?? 0;
}

/** Holds the provider's row until the transaction ends: accepts are counted one at a time. */
export async function lockProvider(db: Executor, providerId: string) {
  await db
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId))
    .for('update');
}

/** Assigns a job to a technician (null: back to the owner) unless it has ended meanwhile. */
export async function assignTechnician(
  db: Executor,
  id: string,
  technicianId: string | null,
): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ technicianId, updatedAt: new Date() })
    .where(and(eq(bookings.id, id), notInArray(bookings.status, ['completed', 'cancelled'])))
    .returning({ id: bookings.id });
  return rows.length === 1;
}
