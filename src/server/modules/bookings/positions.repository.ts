import { eq } from 'drizzle-orm';
import type { PositionInput, TrackingPosition } from '../../../core/bookings/tracking.ts';
import type { Executor } from '../../db/client.ts';
import { bookingPositions } from '../../db/schema/index.ts';

const toPosition = (row: typeof bookingPositions.$inferSelect): TrackingPosition => ({
  bookingId: row.bookingId,
  latitude: row.latitude,
  longitude: row.longitude,
  accuracy: row.accuracy,
  recordedAt: row.recordedAt.toISOString(),
});

/** Keeps only the newest position of a booking. */
export async function savePosition(
  db: Executor,
  bookingId: string,
  input: PositionInput,
): Promise<TrackingPosition> {
  const values = {
    bookingId,
    latitude: input.latitude,
    longitude: input.longitude,
    accuracy: input.accuracy ?? null,
    recordedAt: new Date(),
  };
  const [row] = await db
    .insert(bookingPositions)
    .values(values)
    .onConflictDoUpdate({ target: bookingPositions.bookingId, set: values })
    .returning();
  return toPosition(row!);
}

export async function findPosition(db: Executor, bookingId: string) {
  const [row] = await db
    .select()
    .from(bookingPositions)
    .where(eq(bookingPositions.bookingId, bookingId));
  return row ? toPosition(row) : null;
}

export async function forgetPosition(db: Executor, bookingId: string) {
  await db.delete(bookingPositions).where(eq(bookingPositions.bookingId, bookingId));
}
