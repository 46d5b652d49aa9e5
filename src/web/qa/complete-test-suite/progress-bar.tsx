import { cn } from '#web/lib/cn.ts';

/** A labelled bar of `value` out of `max`, red when anything failed. */
export function ProgressBar({
  value,
  max,
  label,
  failed = false,
}: {
  value: number;
  max: number;
  label: string;
  failed?: boolean;
}) {
  const percent = max === 0 ? 0 : Math.round((value / max) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={`${value} of ${max}`}
      className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-300',
          failed ? 'bg-destructive' : 'bg-success',
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
