import type { ServiceType } from '#core/providers/catalog.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';
import { useLabel } from '#web/lib/labels.ts';
import { statusLook } from '../status-look.ts';
import { useStatusText } from '../status.ts';

export function StatusBadge({ status }: { status: string }) {
  const look = statusLook(status);
  const text = useStatusText()(status);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        look.badge,
      )}
      title={text.description}
    >
      <span className={cn('size-2 rounded-full ring-2 ring-white/70', look.dot)} aria-hidden />
      {text.label}
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
  const label = useLabel();
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <StatusBadge status={status} />
      <Badge variant="secondary">{label('serviceType', serviceType)}</Badge>
      {acceptsAAA ? (
        <Badge variant="outline" translate="no">
          AAA
        </Badge>
      ) : null}
      {is24Hour ? <Badge variant="outline">24/7</Badge> : null}
    </div>
  );
}
