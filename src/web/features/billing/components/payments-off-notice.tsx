import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { PAYMENTS_OFF_MESSAGE } from '#core/billing/schemas.ts';
import { cn } from '#web/lib/cn.ts';

/** Says that this server takes no card payments (a public server without Stripe keys). */
export function PaymentsOffNotice({
  children,
  className,
}: {
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="status"
      data-testid="payments-off"
      className={cn(
        'grid gap-1 rounded-xl border-2 border-warning bg-warning/10 p-3 text-sm',
        className,
      )}
    >
      <p className="flex items-center gap-2 font-bold">
        <TriangleAlert className="size-4 shrink-0 text-warning" aria-hidden />
        {PAYMENTS_OFF_MESSAGE}
      </p>
      {children}
    </div>
  );
}
