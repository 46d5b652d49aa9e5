import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { useText } from '#web/lib/i18n.ts';
import { billingText } from '../text.ts';

/** Says plainly that no money moves: the installation runs the built-in test gateway. */
export function TestModeNotice({
  title,
  children,
  className,
}: {
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  const t = useText(billingText);
  return (
    <div
      className={cn(
        'grid gap-2 rounded-xl border-2 border-dashed border-warning bg-warning/10 p-3 text-sm',
        className,
      )}
    >
      <p className="flex items-center gap-2 font-bold">
        <FlaskConical className="size-4 shrink-0 text-warning" aria-hidden />
        {title ?? t('testMode')}
      </p>
      {children}
    </div>
  );
}
