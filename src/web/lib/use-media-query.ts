import { useSyncExternalStore } from 'react';

/** From this width (768 px at the default font size) the app lays out for a tablet or a desktop. */
export const WIDE_SCREEN = '(min-width: 48rem)';

/**
 * Whether the screen matches a media query, following it live (a rotated phone, a resized
 * window); false where the browser cannot tell.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
