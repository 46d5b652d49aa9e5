import { useEffect, useRef } from 'react';

/** The element id of an item a link points at (`/bookings?booking=<id>`): see useArrivalFocus. */
export const arrivalTargetId = (kind: 'booking' | 'help', id: string) => `${kind}-${id}`;

/**
 * Brings the item a link (a tapped push notification) points at into view and moves focus to it,
 * once its list has rendered; each target once, so a later refresh of the list does not pull
 * the page back while the person scrolls.
 */
export function useArrivalFocus(elementId: string | null, rendered: boolean) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!elementId || !rendered || done.current === elementId) return;
    const element = document.getElementById(elementId);
    if (!element) return;
    done.current = elementId;
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
  });
}
