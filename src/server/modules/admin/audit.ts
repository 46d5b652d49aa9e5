import type { AuditAction } from '../../../core/admin/audit-actions.ts';
import type { AuditEntry } from '../../../core/admin/schemas.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Executor, WithinChange } from '../../db/client.ts';
import { insertAudit } from './admin.repository.ts';

/**
 * The audit log's public face for every module (docs/decisions/036): an admin's write records
 * one row in the transaction of the change; a bulk read of personal data records one before the
 * data leaves.
 */

type Target = AuditEntry['targetType'];

/** Field names whose values never enter the log. */
const SECRET_FIELD = /password|hash|token|secret|card|cvc/i;

/** The named fields of a row, secrets left out. */
function pick(row: object, fields: string[]) {
  const values = row as Record<string, unknown>;
  return Object.fromEntries(
    fields.filter((f) => !SECRET_FIELD.test(f)).map((f) => [f, values[f] ?? null]),
  );
}

/** The fields whose value differs between before and after (of those named). */
export function changedFields(before: object, after: object, fields: string[]) {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  return fields.filter((f) => JSON.stringify(a[f] ?? null) !== JSON.stringify(b[f] ?? null));
}

export async function recordAdminAct(
  exec: Executor,
  entry: {
    actor: PublicUser;
    action: AuditAction;
    targetType: Target;
    targetId: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    reason?: string | null;
  },
) {
  await insertAudit(exec, {
    actorId: entry.actor.id,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ? pick(entry.before, Object.keys(entry.before)) : null,
    after: entry.after ? pick(entry.after, Object.keys(entry.after)) : null,
    reason: entry.reason || null,
  });
}

/**
 * A `WithinChange` that writes the audit row of an admin's change: the named fields before and
 * after, inside the change's own transaction (if the row cannot be written, nothing changes).
 */
export function auditedChange<T extends { id: string }>(
  actor: PublicUser,
  action: AuditAction,
  targetType: Target,
  fields: string[],
  reason?: string | null,
): WithinChange<T> {
  return async (tx, before, after) => {
    await recordAdminAct(tx, {
      actor,
      action,
      targetType,
      targetId: after.id,
      before: pick(before, fields),
      after: pick(after, fields),
      reason,
    });
  };
}

/** Whether a write is an admin acting on what is not their own (and so must leave a trace). */
export const isAdminActFor = (actor: PublicUser, ownerId: string) =>
  actor.role === 'admin' && actor.id !== ownerId;
