import {
  createContext,
  useCallback,
  useContext,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
} from 'react';
import { cn } from '#web/lib/cn.ts';

// WAI-ARIA tabs (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/) with Radix Tabs' props and data
// attributes, written here: Radix's brings its collection, roving focus and presence code to every
// page with tabs (docs/decisions/063-pages-load-what-they-show.md).

interface TabsState {
  value: string | undefined;
  select: (value: string) => void;
  id: (part: 'trigger' | 'content', value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts belong inside <Tabs>');
  return state;
}

export function Tabs({
  value: chosen,
  defaultValue,
  onValueChange,
  ...props
}: Omit<ComponentProps<'div'>, 'defaultValue'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}) {
  const [own, setOwn] = useState(defaultValue);
  const value = chosen ?? own;
  const base = useId();
  const select = useCallback(
    (next: string) => {
      if (next === value) return;
      if (chosen === undefined) setOwn(next);
      onValueChange?.(next);
    },
    [value, chosen, onValueChange],
  );
  const id = useCallback(
    (part: 'trigger' | 'content', of: string) => `${base}-${part}-${of.replace(/\s+/g, '-')}`,
    [base],
  );
  return (
    <TabsContext.Provider value={{ value, select, id }}>
      <div dir="ltr" data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

/** Arrow keys, Home and End move between the tabs (and so choose them), round the ends. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
  if (step === undefined && event.key !== 'Home' && event.key !== 'End') return;
  const tabs = [
    ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
  ];
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (tabs.length === 0 || at === -1) return;
  event.preventDefault();
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? tabs.length - 1
        : (at + step! + tabs.length) % tabs.length;
  tabs[next]!.focus();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn('grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-muted p-1', className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  disabled,
  onMouseDown,
  onClick,
  onFocus,
  ...props
}: ComponentProps<'button'> & { value: string }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.id('trigger', value)}
      aria-selected={active}
      aria-controls={tabs.id('content', value)}
      data-state={active ? 'active' : 'inactive'}
      data-orientation="horizontal"
      disabled={disabled}
      tabIndex={active ? 0 : -1}
      className={cn(
        'inline-flex h-10 items-center justify-center rounded-md px-3 text-sm font-semibold text-muted-foreground transition-colors data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow',
        className,
      )}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        // As Radix does: the press chooses, so the panel changes before the button is let go.
        if (!disabled && event.button === 0 && !event.ctrlKey) tabs.select(value);
        else if (event.button === 0) event.preventDefault();
      }}
      onClick={(event) => {
        onClick?.(event);
        if (!disabled) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        // Moving to a tab with the keyboard chooses it (automatic activation).
        if (!disabled) tabs.select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({
  value,
  forceMount,
  ...props
}: ComponentProps<'div'> & { value: string; forceMount?: boolean }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  if (!active && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.id('content', value)}
      aria-labelledby={tabs.id('trigger', value)}
      data-state={active ? 'active' : 'inactive'}
      data-orientation="horizontal"
      hidden={!active}
      tabIndex={0}
      {...props}
    />
  );
}
