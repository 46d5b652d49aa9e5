/** Subscribes a handler and returns the way to unsubscribe it (as `onServerEvent` does). */
export type Subscribe<T> = (handler: (data: T) => void) => () => void;

export interface EventWait<T> {
  /** The first matching event and when it came (performance.now()), or null after the timeout. */
  result: Promise<{ data: T; at: number } | null>;
  /** Stops waiting at once: the result becomes null. */
  cancel: () => void;
}

/**
 * Waits for the first event that `matches`, listening from the moment it is called — so start
 * it before sending the change the event announces.
 */
export function waitForEvent<T>(
  subscribe: Subscribe<T>,
  matches: (data: T) => boolean,
  timeoutMs: number,
): EventWait<T> {
  let finish: (value: { data: T; at: number } | null) => void = () => undefined;
  const result = new Promise<{ data: T; at: number } | null>((resolve) => (finish = resolve));
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const end = (value: { data: T; at: number } | null) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    unsubscribe();
    finish(value);
  };
  let unsubscribe: () => void = () => undefined;
  unsubscribe = subscribe((data) => {
    if (matches(data)) end({ data, at: performance.now() });
  });
  if (done) unsubscribe();
  else timer = setTimeout(() => end(null), timeoutMs);
  return { result, cancel: () => end(null) };
}
