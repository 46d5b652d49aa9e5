import { useSyncExternalStore } from 'react';

/** From this width (768 px at the default font size) the app lays out for a tablet or a desktop. */
export const WIDE_SCREEN = '(min-width: 48rem)';

// One MediaQueryList per query (and per matchMedia, which tests replace): making one costs more
// than reading it, and each render reads.
const made = new WeakMap<typeof window.matchMedia, Map<string, MediaQueryList>>();
const listOf = (query: string): MediaQueryList | undefined => {
  const matchMedia = window.matchMedia as typeof window.matchMedia | undefined;
  if (!matchMedia) return undefined;
  let lists = made.get(matchMedia);
  if (!lists) made.set(matchMedia, (lists = new Map()));
  let list = lists.get(query);
  if (!list) lists.set(query, (list = window.matchMedia(query)));
  return list;
};

/** One subscription function per query, so React keeps its listener across renders. */
const subscriptions = new Map<string, (onChange: () => void) => () => void>();
const subscribeTo = (query: string) => {
  let subscribe = subscriptions.get(query);
  if (!subscribe)
    subscriptions.set(
      query,
      (subscribe = (onChange) => {
        const list = listOf(query);
        list?.addEventListener('change', onChange);
        return () => list?.removeEventListener('change', onChange);
      }),
    );
  return subscribe;
};

/**
 * Whether the screen matches a media query, following it live (a rotated phone, a resized
 * window); false where the browser cannot tell.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    subscribeTo(query),
    () => listOf(query)?.matches ?? false,
    () => false,
  );
}
