/*
 * The public face of the auth module: other modules, app.ts, jobs and seed code import only this
 * file (lint rule layers/no-module-internals; docs/architecture.md). Functions taking an
 * `Executor` run on the caller's `db` or inside its transaction (`tx`).
 */
export { authRoutes } from './auth.routes.ts';
export { secondFactorRoutes } from './second-factor.routes.ts';
export { registerAccountChanges } from './account-changes.routes.ts';
export {
  createAuthService,
  USER_EXISTS_MESSAGE,
  type AuthService,
  type ClientInfo,
} from './auth.service.ts';

// Sessions, cookies and limits every signed-in route shares.
export { deleteUserSessions } from './sessions.repository.ts';
export {
  clearSessionCookie,
  clientInfo,
  deliverSession,
  readSessionToken,
  registerSessionCookie,
} from './session-cookie.ts';
export { addressKey } from './address-key.ts';
export { routeLimits, type RouteLimits } from './route-limits.ts';
export { userLimit } from './user-limits.ts';
export { withRetryAfter } from './retry-after.ts';
export { createBackgroundTasks } from './background-tasks.ts';

// Password and address rules.
export { hashPassword } from './password.ts';
export { assertGuessResistant } from './password-rule.ts';
export { refuseDemoAddress } from './demo-addresses.ts';
export { securityLog, type SecurityLogger } from './security-log.ts';

export { forgetSignInRecords } from './forget-user.repository.ts';
