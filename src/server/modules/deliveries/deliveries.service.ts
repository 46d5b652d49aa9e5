import type { AdminDeliveriesQuery } from '../../../core/deliveries.ts';
import type { Database } from '../../db/client.ts';
import * as repo from './deliveries.repository.ts';

/** The delivery log for admins (the route checks the role). */
export function createDeliveriesService(db: Database) {
  return {
    list: (query: AdminDeliveriesQuery) => repo.listDeliveries(db, query),
  };
}
