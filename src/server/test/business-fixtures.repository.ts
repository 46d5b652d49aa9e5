import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import {
  bookings,
  serviceProviders,
  subscriptions,
  teamMembers,
  users,
} from '../db/schema/index.ts';

/*
 * Rows written directly for tests of a business's figures (fleet, reports, webhooks; never
 * product code): accounts, businesses, plans, members and jobs with known times and amounts.
 */

let batch = 0;
const tag = () => `${Date.now().toString(36)}b${(batch += 1)}`;

/** Accounts with a placeholder password hash; answers their ids in order. */
export async function insertUsers(
  db: Executor,
  role: 'driver' | 'mechanic' | 'technician' | 'dispatcher',
  names: string[],
): Promise<string[]> {
  if (names.length === 0) return [];
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

/** A business owned by `ownerId`; answers its id and its (made unique) name. */
export async function insertBusiness(db: Executor, ownerId: string, name = 'Test Towing') {
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

/** Makes users members of a business, with an optional last shared position each. */
export async function insertMembers(
  db: Executor,
  providerId: string,
  members: {
    userId: string;
    position?: { latitude: number; longitude: number; at: Date };
  }[],
) {
  if (members.length === 0) return;
  await db.insert(teamMembers).values(
    members.map((m, i) => ({
      userId: m.userId,
      providerId,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
      lastLatitude: m.position?.latitude ?? null,
      lastLongitude: m.position?.longitude ?? null,
      lastPositionAt: m.position?.at ?? null,
    })),
  );
}

export type JobRow = typeof bookings.$inferInsert;

/** Inserts jobs in chunks; answers their ids in order. */
export async function insertJobs(db: Executor, jobs: JobRow[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < jobs.length; i += 1000) {
    const rows = await db
      .insert(bookings)
      .values(jobs.slice(i, i + 1000))
      .returning({ id: bookings.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** Refreshes the planner's statistics of these tables after a bulk insert. */
export async function analyze(
  db: Executor,
  tables: ('bookings' | 'team_members' | 'users' | 'booking_positions' | 'reviews')[],
) {
  for (const table of tables) await db.execute(sql`analyze ${sql.identifier(table)}`);
}
