/*
 * The public face of the notifications module: other modules, app.ts, jobs and seed code import only this
 * file (lint rule layers/no-module-internals; docs/architecture.md). Functions taking an
 * `Executor` run on the caller's `db` or inside its transaction (`tx`).
 */
export { notificationsRoutes } from './notifications.routes.ts';
export { preferencesRoutes } from './preferences.routes.ts';
export { quietHoursEnd } from './preferences.repository.ts';
export { insertNotifications, type NewNotification } from './notifications.repository.ts';

export { deleteNotificationsOf } from './forget-user.repository.ts';
