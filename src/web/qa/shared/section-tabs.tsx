import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';

export interface SectionTab {
  value: string;
  label: string;
  content: ReactNode;
  /** Stays mounted (hidden) while another tab shows, so a run and its results survive. */
  keepMounted?: boolean;
  className?: string;
}

/**
 * A page's sections as tabs: stacked in two columns on a narrow screen, one row from `sm` up
 * unless `listClassName` lays the triggers out otherwise.
 */
export function SectionTabs({
  tabs,
  label,
  listClassName = 'grid-cols-2 sm:grid-flow-col sm:grid-cols-none',
  triggerClassName,
  ...state
}: {
  tabs: readonly SectionTab[];
  label?: string;
  listClassName?: string;
  triggerClassName?: string;
} & (
  | { defaultValue: string; value?: never; onValueChange?: never }
  | { value: string; onValueChange: (value: string) => void; defaultValue?: never }
)) {
  return (
    <Tabs {...state} className="grid min-w-0 gap-4">
      <TabsList aria-label={label} className={cn('h-auto grid-flow-row', listClassName)}>
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value} className={triggerClassName}>
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent
          key={tab.value}
          value={tab.value}
          forceMount={tab.keepMounted || undefined}
          className={cn(
            'min-w-0',
            tab.keepMounted && 'data-[state=inactive]:hidden',
            tab.className,
          )}
        >
          {tab.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
