/*
 * The public face of the admin module: other modules, app.ts, jobs and seed code import only this
 * file (lint rule layers/no-module-internals; docs/architecture.md). Functions taking an
 * `Executor` run on the caller's `db` or inside its transaction (`tx`).
 */
export { adminRoutes } from './admin.routes.ts';
export { createAdminService } from './admin.service.ts';

// The audit log: every module records an admin's act on its records here.
export { auditedChange, changedFields, isAdminActFor, recordAdminAct } from './audit.ts';

// One CSV writer for every download (formula cells neutralised).
export { toCsv } from './csv.ts';
