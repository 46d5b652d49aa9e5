import type { AuditAction } from '#core/admin/audit-actions.ts';
import { useFormat } from '#web/lib/format.ts';
import type { AdminKey } from './text.ts';

const day = { month: 'short', day: '2-digit', year: 'numeric' } as const;

/** Dates as "Jan 05, 2025" and "Jan 05, 2025, 2:05 PM" (in Spanish "05 ene 2025"). */
export function useAdminDates() {
  const f = useFormat();
  return {
    date: (iso: string) => f.date(iso, day),
    dateTime: (iso: string) => f.date(iso, { ...day, hour: 'numeric', minute: '2-digit' }),
  };
}

/** A UTC day as the API's `YYYY-MM-DD`, `daysBack` days before now. */
export function utcDay(daysBack = 0, now = new Date()): string {
  return new Date(now.getTime() - daysBack * 86_400_000).toISOString().slice(0, 10);
}

/** The first characters of an id: enough to tell rows apart and to search the audit log by eye. */
export const shortId = (id: string) => id.slice(0, 8);

/** What an audit entry acted on: a type and a short id, or the type alone for a bulk read. */
export const auditTarget = (type: string, id: string | null) =>
  id ? `${type} #${shortId(id)}` : type;

/** The catalog key of each audit action's label. */
export const auditActionKeys: Record<AuditAction, AdminKey> = {
  'provider.verification': 'auditProviderVerification',
  'api_token.use': 'auditApiTokenUse',
  'provider.status': 'auditProviderStatus',
  'provider.create': 'auditProviderCreate',
  'user.suspend': 'auditUserSuspend',
  'user.reactivate': 'auditUserReactivate',
  'booking.status': 'auditBookingStatus',
  'user.update': 'auditUserUpdate',
  'user.email_change': 'auditUserEmailChange',
  'provider.update': 'auditProviderUpdate',
  'subscription.update': 'auditSubscriptionUpdate',
  'payment.resolve': 'auditPaymentResolve',
  'export.read': 'auditExportRead',
  'outbox.read': 'auditOutboxRead',
  'reminder.settings': 'auditReminderSettings',
  'reminder.create': 'auditReminderCreate',
  'reminder.send': 'auditReminderSend',
  'subscription.pay': 'auditSubscriptionPay',
  'help_request.cancel': 'auditHelpRequestCancel',
  'share_link.revoke': 'auditShareLinkRevoke',
  'payment.refund': 'auditPaymentRefund',
  'ledger.resolve': 'auditLedgerResolve',
  'support.reply': 'auditSupportReply',
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
