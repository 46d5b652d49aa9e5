import { AppError } from '../../../core/errors.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { pingDatabase } from './health.repository.ts';

/** Liveness: the database answers, and which kind it is. */
export async function checkHealth(database: DatabaseHandle) {
  try {
    await pingDatabase(database.db);
  } catch {
    throw new AppError('unavailable', 'Database unavailable');
  }
  return { status: 'ok' as const, database: database.kind };
}
