import {
  defaultRangeExtractor,
  useWindowVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';
import type { ProviderListItem } from '#core/providers/search.ts';
import { useText } from '#web/lib/i18n.ts';
import { useMediaQuery, WIDE_SCREEN } from '#web/lib/use-media-query.ts';
import { providersText } from '../text.ts';
import { ProviderCard } from './provider-card.tsx';

/** Up to about a screenful the list is plain; past it only the cards near the viewport exist. */
export const VIRTUAL_AFTER = 8;
/** A card's height on a phone, before it is measured. */
const CARD_ESTIMATE_PX = 202;
const GAP_PX = 12;

export const ProviderList = memo(function ProviderList({
  providers,
}: {
  providers: ProviderListItem[];
}) {
  const t = useText(providersText);
  if (providers.length <= VIRTUAL_AFTER)
    return (
      <ul className="grid gap-3 md:grid-cols-2" aria-label={t('providers')}>
        {providers.map((provider, index) => (
          <li key={provider.id} aria-setsize={providers.length} aria-posinset={index + 1}>
            <ProviderCard provider={provider} />
          </li>
        ))}
      </ul>
    );
  return <VirtualProviderList providers={providers} />;
});

/**
 * The page scrolls as usual; cards out of reach are not in the document. Each card keeps its
 * place in the list for assistive technology (`aria-setsize`, `aria-posinset`), and the row
 * holding the keyboard focus stays rendered while it is scrolled away.
 */
function VirtualProviderList({ providers }: { providers: ProviderListItem[] }) {
  const t = useText(providersText);
  const lanes = useMediaQuery(WIDE_SCREEN) ? 2 : 1;
  const listRef = useRef<HTMLUListElement>(null);
  const [listTop, setListTop] = useState(0);
  const focused = useRef<number | null>(null);

  // The list's distance from the top of the page. Read in a resize observer's callback, where the
  // layout is already done, and only when the page's size changes, never per scroll.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(() =>
      setListTop(list.getBoundingClientRect().top + window.scrollY),
    );
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const keep = focused.current;
    if (keep === null || indexes.includes(keep) || keep >= range.count) return indexes;
    return [...indexes, keep].sort((a, b) => a - b);
  }, []);

  // One virtual item per row of cards, so the cards of a row stay level as in the plain grid.
  const rows = Math.ceil(providers.length / lanes);
  // A row is as tall as its tallest card. Sizes are read only in the resize observer's callback,
  // after the browser's own layout; when a row is attached its last known size (or the estimate)
  // stands until then, so rendering never forces a layout.
  const rowHeight = (
    element: HTMLLIElement,
    entry: ResizeObserverEntry | undefined,
    instance: Virtualizer<Window, HTMLLIElement>,
  ) => {
    if (!entry) {
      const key = instance.options.getItemKey(instance.indexFromElement(element));
      return instance.itemSizeCache.get(key) ?? CARD_ESTIMATE_PX;
    }
    const row = listRef.current?.querySelectorAll(
      `li[data-index="${element.getAttribute('data-index')}"]`,
    );
    return Math.round(
      Math.max(...[...(row ?? [element])].map((item) => item.getBoundingClientRect().height)),
    );
  };
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => CARD_ESTIMATE_PX,
    getItemKey: (row) => `${lanes}:${providers[row * lanes]!.id}`,
    gap: GAP_PX,
    overscan: 2,
    scrollMargin: listTop,
    rangeExtractor,
    // The first card of a row carries the measuring ref.
    measureElement: rowHeight,
    // Measurements and scrolling re-render as ordinary updates, never synchronously inside the
    // browser's resize or scroll callbacks.
    useFlushSync: false,
  });

  const rowOf = (target: EventTarget | null) => {
    const item = target instanceof Element ? target.closest('li[data-index]') : null;
    return item ? Number(item.getAttribute('data-index')) : null;
  };
  const onFocus = (event: FocusEvent) => {
    focused.current = rowOf(event.target);
  };
  const onBlur = (event: FocusEvent) => {
    if (!listRef.current?.contains(event.relatedTarget as Node | null)) focused.current = null;
  };

  return (
    <ul
      ref={listRef}
      aria-label={t('providers')}
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {virtualizer.getVirtualItems().flatMap((row) =>
        providers.slice(row.index * lanes, row.index * lanes + lanes).map((provider, lane) => (
          <li
            key={provider.id}
            ref={lane === 0 ? virtualizer.measureElement : undefined}
            data-index={row.index}
            aria-setsize={providers.length}
            aria-posinset={row.index * lanes + lane + 1}
            className="absolute left-0 top-0"
            style={{
              width: lanes === 1 ? '100%' : `calc(50% - ${GAP_PX / 2}px)`,
              left: lane === 0 ? 0 : `calc(50% + ${GAP_PX / 2}px)`,
              transform: `translateY(${row.start - listTop}px)`,
            }}
          >
            <ProviderCard provider={provider} />
          </li>
        )),
      )}
    </ul>
  );
}
