import type { VerificationStatus } from '#core/providers/catalog.ts';
import { providerStatuses } from '#core/providers/catalog.ts';
import { roleLabels, type Role } from '#core/users/roles.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';
import { bookingStatusLook } from '#web/features/bookings/index.ts';
import { statusLook } from '#web/features/providers/index.ts';

/** On admin views an unrecognised provider status reads Offline. */
export function adminStatusLook(status: string) {
  const key = status.toLowerCase() === 'en_route' ? 'enroute' : status.toLowerCase();
  return statusLook((providerStatuses as readonly string[]).includes(key) ? key : 'offline');
}

export function ProviderStatusBadge({ status }: { status: string }) {
  const look = adminStatusLook(status);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold',
        look.badge,
      )}
      title={look.description}
    >
      <span className={cn('size-2 rounded-full ring-2 ring-white/70', look.dot)} aria-hidden />
      {look.label}
    </span>
  );
}

export function BookingStatusBadge({ status }: { status: string }) {
  const look = bookingStatusLook(status);
  return (
    <span
      className={cn(
        'inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold',
        look.badge,
      )}
    >
      {look.label}
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
  return <Badge className={roleStyles[role]}>{roleLabels[role]}</Badge>;
}

const verificationLabels: Record<VerificationStatus, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
};

export function VerificationBadge({ verification }: { verification: VerificationStatus }) {
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
      {verificationLabels[verification]}
    </Badge>
  );
}

export function SuspendedBadge({ reason }: { reason?: string | null }) {
  return (
    <Badge variant="destructive" title={reason ?? undefined}>
      Suspended
    </Badge>
  );
}
