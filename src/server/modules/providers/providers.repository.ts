import { eq, sql } from 'drizzle-orm';
import type { ProviderStatus } from '../../../core/providers/catalog.ts';
import type { PendingChanges, PendingValues } from '../../../core/providers/pending-changes.ts';
import type { Provider } from '../../../core/providers/schemas.ts';
import type { Executor } from '../../db/client.ts';
import { reviews, serviceProviders } from '../../db/schema/index.ts';

const sp = serviceProviders;

/**
 * The columns a Provider is made of: reads select only these (a search hands hundreds of rows
 * to Node, and the license, insurance and bookkeeping columns are never shown).
 */
export const providerColumns = {
  id: sp.id,
  userId: sp.userId,
  businessName: sp.businessName,
  serviceType: sp.serviceType,
  description: sp.description,
  address: sp.address,
  city: sp.city,
  state: sp.state,
  zipCode: sp.zipCode,
  latitude: sp.latitude,
  longitude: sp.longitude,
  phone: sp.phone,
  email: sp.email,
  website: sp.website,
  visitFee: sp.visitFee,
  hourlyRate: sp.hourlyRate,
  status: sp.status,
  rating: sp.rating,
  reviewCount: sp.reviewCount,
  certifications: sp.certifications,
  specialties: sp.specialties,
  is24Hour: sp.is24Hour,
  acceptsAAA: sp.acceptsAAA,
  profileImage: sp.profileImage,
  verification: sp.verification,
  createdAt: sp.createdAt,
};

type ProviderRow = Pick<typeof serviceProviders.$inferSelect, keyof typeof providerColumns>;
export type NewProvider = typeof serviceProviders.$inferInsert;

export function toProvider(row: ProviderRow): Provider {
  return {
    id: row.id,
    userId: row.userId,
    businessName: row.businessName,
    serviceType: row.serviceType,
    description: row.description,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    email: row.email,
    website: row.website,
    visitFee: row.visitFee,
    hourlyRate: row.hourlyRate,
    status: row.status,
    rating: row.rating,
    reviewCount: row.reviewCount,
    certifications: row.certifications,
    specialties: row.specialties,
    is24Hour: row.is24Hour,
    acceptsAAA: row.acceptsAAA,
    profileImage: row.profileImage,
    verification: row.verification,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function insertProvider(db: Executor, provider: NewProvider): Promise<Provider> {
  const [row] = await db.insert(serviceProviders).values(provider).returning(providerColumns);
  return toProvider(row!);
}

export async function findProviderByUser(db: Executor, userId: string): Promise<Provider | null> {
  const [row] = await db
    .select(providerColumns)
    .from(serviceProviders)
    .where(eq(serviceProviders.userId, userId))
    .limit(1);
  return row ? toProvider(row) : null;
}

export async function setProviderStatus(
  db: Executor,
  id: string,
  status: ProviderStatus,
): Promise<Provider | null> {
  const [row] = await db
    .update(serviceProviders)
    .set({ status, updatedAt: new Date() })
    .where(eq(serviceProviders.id, id))
    .returning(providerColumns);
  return row ? toProvider(row) : null;
}

export async function updateProvider(
  db: Executor,
  id: string,
  values: Partial<NewProvider>,
): Promise<Provider | null> {
  const [row] = await db
    .update(serviceProviders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(serviceProviders.id, id))
    .returning(providerColumns);
  return row ? toProvider(row) : null;
}

/** The changes to reviewed fields a verified business's owner sent, if any wait for an admin. */
export async function findPendingChanges(db: Executor, id: string): Promise<PendingChanges | null> {
  const [row] = await db
    .select({ values: sp.pendingChanges, since: sp.pendingSince })
    .from(sp)
    .where(eq(sp.id, id))
    .limit(1);
  return row ? toPendingChanges(row) : null;
}

export function toPendingChanges(row: {
  values: PendingValues | null;
  since: Date | null;
}): PendingChanges | null {
  return row.values && row.since ? { values: row.values, since: row.since.toISOString() } : null;
}

/*
 * Writes other modules need, each inside their own transaction: they pass `tx` as `db`
 * (docs/decisions/042-modules-own-their-tables.md).
 */

/** The user's business id, if any (at most one per account). */
export async function findBusinessId(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: sp.id }).from(sp).where(eq(sp.userId, userId)).limit(1);
  return row?.id ?? null;
}

/** Mirrors an account's suspension (a date) or reactivation (null) on its business. */
export const setBusinessSuspension = (db: Executor, userId: string, at: Date | null) =>
  db.update(sp).set({ suspendedAt: at }).where(eq(sp.userId, userId));

export const deleteBusiness = (db: Executor, businessId: string) =>
  db.delete(sp).where(eq(sp.id, businessId));

/** A business kept for its history once its owner is gone: offline, without the owner's photo. */
export const retireBusiness = (db: Executor, businessId: string) =>
  db
    .update(sp)
    .set({ status: 'offline', profileImage: null, updatedAt: new Date() })
    .where(eq(sp.id, businessId));

/** Sets the provider's rating and count from its review rows (call inside the review's transaction). */
export async function refreshProviderRating(db: Executor, providerId: string) {
  const [provider] = await db
    .update(sp)
    .set({
      rating: sql`(select coalesce(round(avg(${reviews.rating}), 2), 0) from ${reviews} where ${reviews.providerId} = ${providerId})`,
      reviewCount: sql`(select count(*)::int from ${reviews} where ${reviews.providerId} = ${providerId})`,
      updatedAt: new Date(),
    })
    .where(eq(sp.id, providerId))
    .returning({ id: sp.id, status: sp.status, rating: sp.rating, reviewCount: sp.reviewCount });
  return provider!;
}
