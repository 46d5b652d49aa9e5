import { format } from 'date-fns';
import type { AuditAction } from '#core/admin/schemas.ts';

/** Dates as "Jan 05, 2025". */
export const formatDate = (iso: string) => format(new Date(iso), 'MMM dd, yyyy');
export const formatDateTime = (iso: string) => format(new Date(iso), 'MMM dd, yyyy, h:mm a');

/** A UTC day as the API's `YYYY-MM-DD`, `daysBack` days before now. */
export function utcDay(daysBack = 0, now = new Date()): string {
  return new Date(now.getTime() - daysBack * 86_400_000).toISOString().slice(0, 10);
}

/** The first characters of an id: enough to tell rows apart and to search the audit log by eye. */
export const shortId = (id: string) => id.slice(0, 8);

/** What an audit entry acted on: a type and a short id, or the type alone for a bulk read. */
export const auditTarget = (type: string, id: string | null) =>
  id ? `${type} #${shortId(id)}` : type;

export const auditActionLabels: Record<AuditAction, string> = {
  'provider.verification': 'Verification decision',
  'api_token.use': 'API token used',
  'provider.status': 'Provider status',
  'provider.create': 'Provider added',
  'user.suspend': 'User suspended',
  'user.reactivate': 'User reactivated',
  'booking.status': 'Booking status',
  'user.update': 'User changed',
  'user.email_change': 'Email change sent for confirmation',
  'provider.update': 'Business edited',
  'subscription.update': 'Plan changed',
  'payment.resolve': 'Cash dispute settled',
  'export.read': 'CSV export',
  'outbox.read': 'Outbox read',
  'reminder.settings': 'Reminder settings changed',
  'reminder.create': 'Reminder planned',
  'reminder.send': 'Reminder sent',
  'subscription.pay': 'Past-due plan charged',
  'help_request.cancel': 'Help request cancelled',
  'share_link.revoke': 'Tracking link stopped',
  'payment.refund': 'Card payment refunded',
  'ledger.resolve': 'Ledger difference resolved',
  'support.reply': 'Support request answered',
};

/** A value from the audit log's before/after records, as plain text. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The fields an audit entry changed: each with its value before and after. */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { field: string; before: string; after: string }[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => ({
    field,
    before: auditValue(before?.[field]),
    after: auditValue(after?.[field]),
  }));
}
