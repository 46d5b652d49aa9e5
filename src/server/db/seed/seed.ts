import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../../../core/demo-accounts.ts';
import { hashPassword } from '../../modules/auth/index.ts';
import { countUsers } from '../../modules/users/index.ts';
import type { Database, Transaction } from '../client.ts';
import { users } from '../schema/index.ts';
import { seedAccounts } from './accounts.ts';
import { seedDemoPlans } from './billing.ts';
import { seedCurrentBookings } from './bookings.ts';
import { seedDemoPayouts } from './payouts.ts';
import { seedApplication, seedProviders } from './providers.ts';
import { seedContext } from './random.ts';
import { seedReviewedJobs } from './reviews.ts';

const SEED_LOCK = 7_204_212;

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
  const ctx = seedContext(tx, now, await hashPassword(DEMO_PASSWORD));
  const accounts = await seedAccounts(ctx);
  const providers = await seedProviders(ctx, accounts.ownerIds);
  await seedApplication(ctx);
  // Demo addresses count as confirmed, so the demo's notification emails and texts flow.
  await tx.update(users).set({ emailVerifiedAt: new Date(now), phoneVerifiedAt: new Date(now) });
  const reviewed = await seedReviewedJobs(ctx, providers, accounts.drivers);
  const current = await seedCurrentBookings(ctx, accounts, providers);
  await seedDemoPlans(ctx, accounts.mechanic, providers);
  await seedDemoPayouts(ctx, accounts.mechanic, providers[0]!);
  return {
    users: accounts.drivers.length + accounts.ownerIds.length + 2,
    providers: providers.length + 1,
    bookings: reviewed + current.length,
    reviews: reviewed,
    admin: accounts.admin.email,
  };
}
