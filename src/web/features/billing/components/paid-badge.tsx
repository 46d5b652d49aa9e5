import { CheckCircle2 } from 'lucide-react';
import { Badge } from '#web/components/ui/badge.tsx';
import { methodLabel } from '../billing-format.ts';

/** A job the driver has paid: "Paid · Card" or "Paid · Cash". */
export function PaidBadge({ method }: { method: string }) {
  return (
    <Badge variant="success" data-testid="paid-badge">
      <CheckCircle2 className="size-3.5" aria-hidden />
      Paid · {methodLabel(method)}
    </Badge>
  );
}
