import { AppError } from '../../../core/errors.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ReplicaStatus } from '../../db/read-replicas.ts';
import { pingDatabase } from './health.repository.ts';

/**
 * Liveness: the database answers, and which kind it is; with read replicas, each one's state
 * (a replica down or behind is skipped for reads, not a reason to take the server out). A server
 * shutting down answers 503 while it drains (http/draining.ts), so load balancers take it out.
 */
export async function checkHealth(
  database: DatabaseHandle,
  replicas: ReplicaStatus[] = [],
  draining = false,
) {
  if (draining) throw new AppError('unavailable', 'Server restarting');
  try {
    await pingDatabase(database.db);
  } catch {
    throw new AppError('unavailable', 'Database unavailable');
  }
  return {
    status: 'ok' as const,
    database: database.kind,
    ...(replicas.length > 0 ? { replicas } : {}),
  };
}
