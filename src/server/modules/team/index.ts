/*
 * The public face of the team module: other modules, app.ts, jobs and seed code import only this
 * file (lint rule layers/no-module-internals; docs/architecture.md). Functions taking an
 * `Executor` run on the caller's `db` or inside its transaction (`tx`).
 */
export {
  createBusinessAccess,
  requireFeature,
  type BusinessAccess,
  type BusinessSide,
  type PlanOf,
} from './business-access.ts';
export { teamRoutes } from './team.routes.ts';
export { createTeamService, type TeamService } from './team.service.ts';
export { dispatcherIds, isTechnicianOf, recordMemberPosition } from './team-access.repository.ts';
