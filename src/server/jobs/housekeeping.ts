import type { Database } from '../db/client.ts';
import type { AuthService } from '../modules/auth/index.ts';
import { deleteIdempotencyKeysBefore } from '../modules/bookings/index.ts';

/** How long an Idempotency-Key and its answer are kept (docs/api.md). */
export const IDEMPOTENCY_KEY_HOURS = 24;

/**
 * The hourly clean-up each app server runs: ended sessions, sign-in attempts older than the
 * window, and idempotency keys past their day. Each step only deletes what has expired, so two
 * servers running it at once do no harm.
 */
export function createHousekeeping(db: Database, auth: Pick<AuthService, 'prune'>) {
  return async (now = new Date()): Promise<void> => {
    await auth.prune();
    await deleteIdempotencyKeysBefore(
      db,
      new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000),
    );
  };
}
