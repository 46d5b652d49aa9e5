import type { Executor } from '../../db/client.ts';
import { bookingPositions } from '../../db/schema/index.ts';

/* Rows for the fleet dashboard's tests (never product code); the business's own rows come from
 * src/server/test/business-fixtures.repository.ts. */

/** The live position of a job in progress. */
export async function insertLivePosition(
  db: Executor,
  bookingId: string,
  position: { latitude: number; longitude: number; at: Date },
) {
  await db.insert(bookingPositions).values({
    bookingId,
    latitude: position.latitude,
    longitude: position.longitude,
    recordedAt: position.at,
  });
}
