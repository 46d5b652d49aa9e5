import { index, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { auditActions, auditTargets } from '../../../core/admin/audit-actions.ts';
import { createdAt } from './columns.ts';

export const auditAction = pgEnum('audit_action', auditActions);
export const auditTarget = pgEnum('audit_target', auditTargets);

/**
 * What admins did, written in the same transaction as the action. A trigger refuses updates and
 * deletes (migration 0009), so the actor is a plain id that outlives a deleted account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: uuid().notNull(),
    action: auditAction().notNull(),
    targetType: auditTarget().notNull(),
    targetId: uuid(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);
