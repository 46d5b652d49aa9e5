import type { Database } from '../db/client.ts';
import type { AuthService } from '../modules/auth/index.ts';
import { deleteIdempotencyKeysBefore } from '../modules/bookings/index.ts';
import { deleteFinishedBefore } from '../modules/deliveries/index.ts';

/** How long an Idempotency-Key and its answer are kept (docs/api.md). */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** How long the delivery log keeps a sent, dropped or failed message (docs/notifications.md). */
export const DELIVERY_LOG_DAYS = 30;

/**
 * The hourly clean-up each app server runs: ended sessions, sign-in attempts older than the
 * window, idempotency keys past their day, and finished deliveries past the log's 30 days. Each step only deletes what has expired, so two
 * servers running it at once do no harm.
 */
export function createHousekeeping(db: Database, auth: Pick<AuthService, 'prune'>) {
  return async (now = new Date()): Promise<void> => {
    await auth.prune();
    await deleteIdempotencyKeysBefore(
      db,
      new Date(now.getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000),
    );
    await deleteFinishedBefore(db, new Date(now.getTime() - DELIVERY_LOG_DAYS * 86_400_000));
  };
}
