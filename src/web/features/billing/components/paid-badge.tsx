import { CheckCircle2 } from 'lucide-react';
import { Badge } from '#web/components/ui/badge.tsx';
import { useBillingWords } from '../billing-format.ts';

/** A job the driver has paid: "Paid · Card" or "Paid · Cash". */
export function PaidBadge({ method }: { method: string }) {
  const { t, methodLabel } = useBillingWords();
  return (
    <Badge variant="success" data-testid="paid-badge">
      <CheckCircle2 className="size-3.5" aria-hidden />
      {t('paid', { method: methodLabel(method) })}
    </Badge>
  );
}
