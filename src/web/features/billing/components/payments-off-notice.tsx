import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { useText } from '#web/lib/i18n.ts';
import { billingText } from '../text.ts';

/** Says that this server takes no card payments (a public server without Stripe keys). */
export function PaymentsOffNotice({
  children,
  className,
}: {
  children?: ReactNode;
  className?: string;
}) {
  const t = useText(billingText);
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
        {t('paymentsOff')}
      </p>
      {children}
    </div>
  );
}
