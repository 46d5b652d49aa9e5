/**
 * Runs `task` once the page has loaded and the main thread is idle (a timer where the browser has
 * no idle callbacks). Returns a cancel function, so it can be an effect's cleanup.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  let cancelled = false;
  let cancelStep = () => {};
  const onIdle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout });
      cancelStep = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, 1);
      cancelStep = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') onIdle();
  else {
    window.addEventListener('load', onIdle, { once: true });
    cancelStep = () => window.removeEventListener('load', onIdle);
  }
  return () => {
    cancelled = true;
    cancelStep();
  };
}
