import { Inbox, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useText } from '#web/lib/i18n.ts';
import { adminText } from '../text.ts';

/** Grey rows where a list is on its way. */
export function ListSkeleton({
  label,
  rows = 4,
  height = 14,
  className,
  rowClassName,
}: {
  label: string;
  rows?: number;
  height?: number;
  className?: string;
  /** Each row's height by screen width (Tailwind classes), in place of `height`. */
  rowClassName?: string;
}) {
  return (
    <div className={cn('grid gap-3', className)} role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          className={cn('animate-pulse rounded-xl bg-muted', rowClassName)}
          style={rowClassName ? undefined : { height: `${height * 4}px` }}
        />
      ))}
    </div>
  );
}

/** What failed to load, and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useText(adminText);
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-3 rounded-xl border-2 border-dashed border-destructive/50 py-8 text-center"
    >
      <p className="px-4 font-semibold text-destructive">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </div>
  );
}

/** Nothing to show, said plainly, with what to do about it if anything. */
export function EmptyState({
  title,
  children,
  icon: Icon = Inbox,
}: {
  title: string;
  children?: ReactNode;
  icon?: LucideIcon;
}) {
  return (
    <div className="grid justify-items-center gap-2 rounded-xl border-2 border-dashed py-10 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden />
      <p className="text-lg font-bold">{title}</p>
      {children ? <div className="px-4 text-sm text-muted-foreground">{children}</div> : null}
    </div>
  );
}
