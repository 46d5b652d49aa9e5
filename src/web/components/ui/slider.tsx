import * as SliderPrimitive from '@radix-ui/react-slider';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/** A slider with one thumb per value; `thumbLabels` names each thumb for screen readers. */
export function Slider({
  className,
  thumbLabels,
  ...props
}: ComponentProps<typeof SliderPrimitive.Root> & { thumbLabels: string[] }) {
  return (
    <SliderPrimitive.Root
      className={cn('relative flex h-11 w-full touch-none select-none items-center', className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-2 w-full grow overflow-hidden rounded-full bg-secondary">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      {thumbLabels.map((label) => (
        <SliderPrimitive.Thumb
          key={label}
          aria-label={label}
          className="block size-7 rounded-full border-4 border-primary bg-card shadow focus-visible:outline-3 focus-visible:outline-ring"
        />
      ))}
    </SliderPrimitive.Root>
  );
}
