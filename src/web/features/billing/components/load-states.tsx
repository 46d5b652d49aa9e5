import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useText } from '#web/lib/i18n.ts';
import { billingText } from '../text.ts';

/** Grey blocks where content is on its way. */
export function BillingSkeleton({
  label,
  heights = [24, 40],
  className,
}: {
  label: string;
  heights?: number[];
  className?: string;
}) {
  return (
    <div className={cn('grid gap-3', className)} role="status" aria-label={label}>
      {heights.map((h, i) => (
        <div
          key={i}
          className="animate-pulse rounded-xl bg-muted"
          style={{ height: `${h * 4}px` }}
        />
      ))}
    </div>
  );
}

/** What failed to load, and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useText(billingText);
  return (
    <div role="alert" className="grid justify-items-center gap-3 py-8 text-center">
      <p className="font-semibold text-destructive">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </div>
  );
}
