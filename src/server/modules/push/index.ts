/*
 * The public face of the push module: other modules, app.ts, jobs and seed code import only this
 * file (lint rule layers/no-module-internals; docs/architecture.md). Functions taking an
 * `Executor` run on the caller's `db` or inside its transaction (`tx`).
 */
export { pushRoutes } from './push.routes.ts';
export { createPushService, MAX_DEVICES_PER_USER, type PushService } from './push.service.ts';
export type { PushOutcome, PushSender, SendOptions } from './push-sender.ts';
export type { PushTarget } from './push.repository.ts';

export {
  deleteSessionSubscriptions,
  deleteSubscriptionsOf,
  usersWithDevices,
} from './push.repository.ts';
