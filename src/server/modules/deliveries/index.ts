/*
 * The public face of the deliveries module: other modules, app.ts, jobs and seed code import only
 * this file (lint rule layers/no-module-internals; docs/architecture.md). Functions taking an
 * `Executor` run on the caller's `db` or inside its transaction (`tx`).
 */
export { deliveriesRoutes } from './deliveries.routes.ts';
export {
  deleteDeliveriesOf,
  deleteFinishedBefore,
  queueDeliveries,
  type NewDelivery,
} from './deliveries.repository.ts';
export {
  createDispatcher,
  MAX_ATTEMPTS,
  PER_USER_PER_HOUR,
  PUSH_PER_USER_PER_HOUR,
  type Dispatcher,
  type Senders,
} from './dispatcher.ts';
