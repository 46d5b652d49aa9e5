/*
 * The public face of the contacts module: other modules, app.ts, jobs and seed code import only this
 * file (lint rule layers/no-module-internals; docs/architecture.md). Functions taking an
 * `Executor` run on the caller's `db` or inside its transaction (`tx`).
 */
export { contactsRoutes } from './contacts.routes.ts';
export {
  createContactsService,
  type ContactsService,
  type IssueEmailLink,
} from './contacts.service.ts';
export { forgetContactConfirmations } from './contacts.repository.ts';
// Where notification emails and texts may go: confirmed contacts only (the users table keeps them).
export { confirmedContacts } from '../users/index.ts';
