/*
 * The public face of the users module: other modules, app.ts, jobs and seed code import only this
 * file (lint rule layers/no-module-internals; docs/architecture.md). Functions taking an
 * `Executor` run on the caller's `db` or inside its transaction (`tx`).
 */
export { usersRoutes } from './users.routes.ts';
export { createUsersService } from './users.service.ts';
export { accountDeletionRoutes } from './account-deletion.routes.ts';
export { createAccountDeletionService } from './account-deletion.service.ts';

// The users table, for sign-in, sign-up, admin and seed code.
export {
  confirmedContacts,
  countUsers,
  findAdminIds,
  findCredentialsByEmail,
  findPasswordHash,
  findUserById,
  insertUser,
  markContactConfirmed,
  setSuspension,
  toPublicUser,
  updateUser,
  userExists,
} from './users.repository.ts';
