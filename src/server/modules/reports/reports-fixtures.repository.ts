import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  monthlyStatements,
  outboxEmails,
  reviews,
  serviceProviders,
  subscriptions,
  teamMembers,
  users,
} from '../../db/schema/index.ts';

/*
 * Rows written directly for the reports' tests (never product code): accounts, businesses,
 * plans, members, jobs with known times and amounts, and their reviews.
 */

let batch = 0;
const tag = () => `${Date.now().toString(36)}r${(batch += 1)}`;

/** Accounts with a placeholder password hash; answers their ids in order. */
export async function insertUsers(
  db: Executor,
  role: 'driver' | 'mechanic' | 'technician' | 'dispatcher',
  names: string[],
): Promise<string[]> {
  const t = tag();
  const rows = await db
    .insert(users)
    .values(
      names.map((name, i) => ({
        username: `${role}-${t}-${i}`,
        email: `${role}-${t}-${i}@example.com`,
        passwordHash: 'not-a-real-hash',
        role,
        name,
        phone: '2145550100',
      })),
    )
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

export async function setRole(db: Executor, userId: string, role: 'technician' | 'dispatcher') {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

/** A business owned by `ownerId`; answers its id. */
export async function insertBusiness(db: Executor, ownerId: string, name = 'Report Test Towing') {
  const [row] = await db
    .insert(serviceProviders)
    .values({
      userId: ownerId,
      businessName: `${name} ${tag()}`,
      serviceType: 'mobile_mechanic',
      city: 'Dallas',
      state: 'TX',
      latitude: 32.7767,
      longitude: -96.797,
      visitFee: 95,
      verification: 'approved',
    })
    .returning({ id: serviceProviders.id, name: serviceProviders.businessName });
  return row!;
}

/** Puts the owner on a running plan. */
export async function insertPlan(
  db: Executor,
  userId: string,
  planType: 'basic' | 'premium' | 'enterprise',
) {
  await db.insert(subscriptions).values({
    userId,
    planType,
    status: 'active',
    price: planType === 'enterprise' ? 199.99 : planType === 'premium' ? 79.99 : 29.99,
    endDate: new Date(Date.now() + 20 * 86_400_000),
  });
}

export async function insertMembers(db: Executor, providerId: string, userIds: string[]) {
  await db.insert(teamMembers).values(
    userIds.map((userId, i) => ({
      userId,
      providerId,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
    })),
  );
}

export type JobRow = typeof bookings.$inferInsert;

export async function insertJobs(db: Executor, jobs: JobRow[]): Promise<string[]> {
  if (jobs.length === 0) return [];
  const rows = await db.insert(bookings).values(jobs).returning({ id: bookings.id });
  return rows.map((r) => r.id);
}

export async function insertReviews(
  db: Executor,
  rows: { bookingId: string; driverId: string; providerId: string; rating: number }[],
) {
  if (rows.length > 0) await db.insert(reviews).values(rows);
}

/** The emails queued to an address, oldest first, with their attachments. */
export async function emailsTo(db: Executor, to: string) {
  return db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, to))
    .orderBy(outboxEmails.createdAt);
}

export async function statementsOf(db: Executor, providerId: string) {
  return db
    .select({ month: monthlyStatements.month })
    .from(monthlyStatements)
    .where(eq(monthlyStatements.providerId, providerId));
}

export async function ownerEmail(db: Executor, userId: string) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row!.email;
}

export async function analyze(db: Executor) {
  await db.execute(sql`analyze bookings`);
  await db.execute(sql`analyze reviews`);
}
