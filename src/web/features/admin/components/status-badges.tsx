import type { ProviderStatus, VerificationStatus } from '#core/providers/catalog.ts';
import { providerStatuses } from '#core/providers/catalog.ts';
import { bookingStatuses } from '#core/bookings/catalog.ts';
import type { Role } from '#core/users/roles.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';
import { useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { bookingStatusLook } from '#web/features/bookings/index.ts';
import { statusLook } from '#web/features/providers/index.ts';
import { adminText, type AdminKey } from '../text.ts';

/** On admin views an unrecognised provider status reads Offline. */
export function adminStatus(status: string): ProviderStatus {
  const key = status.toLowerCase() === 'en_route' ? 'enroute' : status.toLowerCase();
  return (providerStatuses as readonly string[]).includes(key)
    ? (key as ProviderStatus)
    : 'offline';
}

/** The colours of a provider status. */
export const adminStatusLook = (status: string) => statusLook(adminStatus(status));

const statusKeys: Record<ProviderStatus, [label: AdminKey, description: AdminKey]> = {
  available: ['statusAvailable', 'statusAvailableHint'],
  busy: ['statusBusy', 'statusBusyHint'],
  enroute: ['statusEnRoute', 'statusEnRouteHint'],
  offline: ['statusOffline', 'statusOfflineHint'],
};

/** A provider status's label and description in the language in use. */
export function useProviderStatusText() {
  const t = useText(adminText);
  return (status: string) => {
    const [label, description] = statusKeys[adminStatus(status)];
    return { label: t(label), description: t(description) };
  };
}

export function ProviderStatusBadge({ status }: { status: string }) {
  const look = adminStatusLook(status);
  const text = useProviderStatusText()(status);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold',
        look.badge,
      )}
      title={text.description}
    >
      <span className={cn('size-2 rounded-full ring-2 ring-white/70', look.dot)} aria-hidden />
      {text.label}
    </span>
  );
}

/** A booking status's label, or Unknown for one the app does not know. */
export function useBookingStatusLabel() {
  const t = useText(adminText);
  const label = useLabel();
  return (status: string) =>
    (bookingStatuses as readonly string[]).includes(status)
      ? label('bookingStatus', status)
      : t('unknown');
}

export function BookingStatusBadge({ status }: { status: string }) {
  const look = bookingStatusLook(status);
  const label = useBookingStatusLabel();
  return (
    <span
      className={cn(
        'inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold',
        look.badge,
      )}
    >
      {label(status)}
    </span>
  );
}

const roleStyles: Record<Role, string> = {
  driver: 'bg-sky-700 text-white',
  mechanic: 'bg-amber-300 text-black',
  admin: 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900',
  dispatcher: 'bg-amber-100 text-black',
  technician: 'bg-orange-700 text-white',
};

export function RoleBadge({ role }: { role: Role }) {
  const label = useLabel();
  return <Badge className={roleStyles[role]}>{label('role', role)}</Badge>;
}

export const verificationKeys: Record<VerificationStatus, AdminKey> = {
  pending: 'verificationPending',
  approved: 'verificationApproved',
  rejected: 'verificationRejected',
};

export function VerificationBadge({ verification }: { verification: VerificationStatus }) {
  const t = useText(adminText);
  return (
    <Badge
      variant={
        verification === 'approved'
          ? 'success'
          : verification === 'rejected'
            ? 'destructive'
            : 'outline'
      }
    >
      {t(verificationKeys[verification])}
    </Badge>
  );
}

export function SuspendedBadge({ reason }: { reason?: string | null }) {
  const t = useText(adminText);
  return (
    <Badge variant="destructive" title={reason ?? undefined} translate={reason ? 'no' : undefined}>
      {t('suspended')}
    </Badge>
  );
}
