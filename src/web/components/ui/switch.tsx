import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

// WAI-ARIA switch (https://www.w3.org/WAI/ARIA/apg/patterns/switch/) with Radix Switch's props
// and data attributes, written here: a button is all it needs, and Radix's brought its context,
// controllable state and size observer to every page with one (docs/decisions/069-profile-loads-what-is-in-view.md).

export function Switch({
  checked,
  onCheckedChange,
  onClick,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'type' | 'role' | 'value'> & {
  checked: boolean;
  onCheckedChange?: (checked: boolean) => void;
}) {
  const state = checked ? 'checked' : 'unchecked';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      data-disabled={props.disabled ? '' : undefined}
      className={cn(
        'peer inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors data-[state=checked]:bg-primary data-[state=unchecked]:bg-input disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange?.(!checked);
      }}
      {...props}
    >
      <span
        data-state={state}
        className="pointer-events-none block size-6 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0"
      />
    </button>
  );
}
