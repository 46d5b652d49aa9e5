import { Gauge } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '#web/lib/cn.ts';
import { T } from '#web/lib/i18n.ts';
import { billingText } from '../text.ts';
import { useAllowance } from '../api/use-allowance.ts';

/** A mechanic on Basic or no plan: how many accepts are left this month, and the way up. */
export function AllowanceBanner() {
  const allowance = useAllowance();
  const data = allowance.data;
  if (!data || data.limit === null || data.remaining === null) return null;
  const out = data.remaining === 0;
  return (
    <p
      role="status"
      className={cn(
        'flex items-center gap-2 rounded-xl border-2 p-3 text-sm font-medium',
        out ? 'border-destructive bg-destructive/10' : 'border-primary/40 bg-accent',
      )}
      data-testid="allowance-banner"
    >
      <Gauge
        className={cn('size-5 shrink-0', out ? 'text-destructive' : 'text-primary')}
        aria-hidden
      />
      <span>
        <T
          text={billingText}
          id="allowanceLeft"
          values={{ remaining: data.remaining, limit: data.limit }}
          components={{
            0: (
              <Link
                href="/profile?tab=subscription"
                className="font-bold text-primary underline underline-offset-2"
              />
            ),
          }}
        />
      </span>
    </p>
  );
}
