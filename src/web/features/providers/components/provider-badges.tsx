import { serviceTypeLabels, type ServiceType } from '#core/providers/catalog.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';
import { statusLook } from '../status.ts';

export function StatusBadge({ status }: { status: string }) {
  const look = statusLook(status);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        look.badge,
      )}
      title={look.description}
    >
      <span className={cn('size-2 rounded-full ring-2 ring-white/70', look.dot)} aria-hidden />
      {look.label}
    </span>
  );
}

export function ProviderBadges({
  status,
  serviceType,
  acceptsAAA,
  is24Hour,
}: {
  status: string;
  serviceType: ServiceType;
  acceptsAAA: boolean;
  is24Hour?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <StatusBadge status={status} />
      <Badge variant="secondary">{serviceTypeLabels[serviceType]}</Badge>
      {acceptsAAA ? <Badge variant="outline">AAA</Badge> : null}
      {is24Hour ? <Badge variant="outline">24/7</Badge> : null}
    </div>
  );
}
