import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useText } from '#web/lib/i18n.ts';
import { activeFilterCount, type SearchState } from '../search-state.ts';
import { providersText } from '../text.ts';

// The dialog (Radix dialog, sliders, switches) is not needed until the button is used.
const loadPanel = () => import('./filters-panel.tsx');
const FiltersPanel = lazy(loadPanel);

export function FiltersDialog({
  state,
  update,
  located,
}: {
  state: SearchState;
  update: (changes: Partial<SearchState>) => void;
  located: boolean;
}) {
  const count = activeFilterCount(state);
  const t = useText(providersText);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        className="relative shrink-0"
        aria-label={count ? t('filtersActive', { count }) : t('filters')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <SlidersHorizontal aria-hidden />
        <span className="hidden sm:inline">{t('filters')}</span>
        {count ? (
          <span
            className="absolute -right-2 -top-2 flex size-6 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground"
            data-testid="filter-count"
          >
            {count}
          </span>
        ) : null}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <FiltersPanel
            state={state}
            update={update}
            located={located}
            open={open}
            onOpenChange={setOpen}
            onClosed={() => button.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
