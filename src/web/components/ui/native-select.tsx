import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/** The platform's own select: the best picker on a phone, and accessible as it is. */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        className={cn(
          'flex h-11 w-full appearance-none rounded-lg border-2 border-input bg-card px-3 pr-10 text-base text-foreground disabled:opacity-60 aria-[invalid=true]:border-destructive',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute right-3 top-3 size-5 text-muted-foreground"
        aria-hidden
      />
    </div>
  );
}
