import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { serviceProviders, users } from '../db/schema/index.ts';

export type TestProvider = Partial<typeof serviceProviders.$inferInsert> & {
  latitude: number;
  longitude: number;
};

let batch = 0;
/** Inserts providers (approved unless told otherwise), each with an owner account; answers their ids. */
export async function insertProviders(db: Database, providers: TestProvider[]): Promise<string[]> {
  batch += 1;
  const tag = `${Date.now().toString(36)}b${batch}`;
  const owners = await db
    .insert(users)
    .values(
      providers.map((_, i) => ({
        username: `owner-${tag}-${i}`,
        email: `owner-${tag}-${i}@example.com`,
        passwordHash: 'not-a-real-hash',
        role: 'mechanic' as const,
        name: `Owner ${i}`,
        phone: '2145550100',
      })),
    )
    .returning({ id: users.id });
  const rows = await db
    .insert(serviceProviders)
    .values(
      providers.map((p, i) => ({
        businessName: `Provider ${tag} ${i}`,
        serviceType: 'mobile_mechanic' as const,
        city: 'Dallas',
        state: 'TX',
        visitFee: 90,
        verification: 'approved' as const,
        ...p,
        userId: owners[i]!.id,
      })),
    )
    .returning({ id: serviceProviders.id });
  await db.execute(sql`analyze service_providers`);
  return rows.map((r) => r.id);
}

/** A provider owned by an account a test signed up (so the test can act as its mechanic). */
export async function insertOwnedProvider(
  db: Database,
  userId: string,
  overrides: Partial<typeof serviceProviders.$inferInsert> = {},
) {
  const [row] = await db
    .insert(serviceProviders)
    .values({
      userId,
      businessName: `Owned Provider ${userId.slice(0, 8)}`,
      serviceType: 'mobile_mechanic',
      city: 'Dallas',
      state: 'TX',
      latitude: 32.7767,
      longitude: -96.797,
      phone: '(214) 555-0101',
      visitFee: 95,
      hourlyRate: 120,
      verification: 'approved',
      ...overrides,
    })
    .returning();
  return row!;
}

let added = 0;
/** A valid business an admin adds (`POST /api/admin/providers`) with its own new email. */
export function newAdminProvider(overrides: Record<string, unknown> = {}) {
  added += 1;
  return {
    ownerName: 'Rosa Tires',
    email: `added${added}-${Date.now().toString(36)}@example.com`,
    phone: '(214) 555-0199',
    businessName: 'Rosa Tire Service',
    serviceType: 'tire_shop',
    address: '1200 Main St',
    city: 'Dallas',
    state: 'TX',
    zipCode: '75201',
    visitFee: 75,
    hourlyRate: 95,
    ...overrides,
  };
}
