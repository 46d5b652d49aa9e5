import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the screen; once it has, it stays true. Heavy
 * parts below the fold (a chart) load when the person scrolls towards them, not with the page.
 */
export function useNearView(ref: RefObject<Element | null>, margin = '300px') {
  // A browser that cannot tell shows the part at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
