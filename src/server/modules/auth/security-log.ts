import type { FastifyBaseLogger } from 'fastify';

/** The security events the server logs, each at its level; docs/security.md says what each means. */
const LEVELS = {
  'auth.login_failed': 'warn',
  'auth.login_blocked': 'warn',
  'auth.login_slowed': 'warn',
  'auth.mfa_failed': 'warn',
  'auth.mfa_enabled': 'info',
  'auth.mfa_disabled': 'warn',
  'auth.recovery_code_used': 'warn',
  'auth.step_up_failed': 'warn',
  'auth.password_reset_requested': 'info',
  'auth.password_reset': 'info',
  'auth.password_changed': 'info',
  'user.role_changed': 'warn',
  'user.email_changed': 'info',
  'user.email_change_requested': 'info',
  'admin.suspended': 'warn',
  'admin.reactivated': 'info',
  'admin.override': 'info',
  'account.deleted': 'info',
} as const satisfies Record<string, 'info' | 'warn'>;

export type SecurityEvent = keyof typeof LEVELS;

export type SecurityLogger = Pick<FastifyBaseLogger, 'info' | 'warn'>;

type Field = string | number | boolean | null | undefined;

/** Field names that could carry a secret: never logged, whatever a caller passes. */
const SECRET_FIELD = /pass|token|secret|hash|cookie|authorization/i;

/**
 * One structured log line per security event, with an `event` field to filter on. Only ids,
 * address keys, roles and reasons belong in `fields`; a field whose name suggests a secret is
 * dropped.
 */
export function securityLog(
  log: SecurityLogger,
  event: SecurityEvent,
  fields: Record<string, Field> = {},
): void {
  const safe = Object.fromEntries(
    Object.entries(fields).filter(
      ([name, value]) => value !== undefined && !SECRET_FIELD.test(name),
    ),
  );
  log[LEVELS[event]]({ ...safe, event }, event);
}
