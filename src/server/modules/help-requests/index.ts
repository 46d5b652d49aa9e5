/*
 * The public face of the help-requests module: other modules, app.ts, jobs and seed code import only this
 * file (lint rule layers/no-module-internals; docs/architecture.md). Functions taking an
 * `Executor` run on the caller's `db` or inside its transaction (`tx`).
 */
export { helpRequestsRoutes } from './help-requests.routes.ts';
export { createHelpRequestsService } from './help-requests.service.ts';

export { deleteHelpRequests } from './forget-user.repository.ts';
