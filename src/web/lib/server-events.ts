import type { ServerEvents, ServerEventType } from '../../core/events.ts';
import { serverEventTypes } from '../../core/events.ts';

type Handler<T extends ServerEventType> = (data: ServerEvents[T]) => void;
const handlers = new Map<ServerEventType, Set<Handler<never>>>();
const REOPEN_DELAYS_MS = [1_000, 3_000, 10_000, 30_000];

/**
 * Opens GET /api/events. EventSource reconnects by itself after a dropped connection; when the
 * server refuses it outright (the stream is closed), it is reopened with a growing delay. The
 * pages keep their 30-second refetch, so nothing is lost while it is down.
 */
export function openServerEvents(): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  let source: EventSource | null = null;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const open = () => {
    source = new EventSource('/api/events', { withCredentials: true });
    source.onopen = () => {
      attempts = 0;
    };
    source.onerror = () => {
      if (stopped || source?.readyState !== EventSource.CLOSED) return;
      const delay = REOPEN_DELAYS_MS[Math.min(attempts++, REOPEN_DELAYS_MS.length - 1)];
      timer = setTimeout(open, delay);
    };
    for (const type of serverEventTypes) {
      source.addEventListener(type, (message) => {
        let data: unknown;
        try {
          data = JSON.parse((message as MessageEvent<string>).data);
        } catch {
          return;
        }
        for (const handler of handlers.get(type) ?? [])
          (handler as Handler<typeof type>)(data as never);
      });
    }
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}

/** Calls `handler` for each event of `type` while subscribed. */
export function onServerEvent<T extends ServerEventType>(type: T, handler: Handler<T>) {
  const set = handlers.get(type) ?? new Set();
  handlers.set(type, set);
  set.add(handler as Handler<never>);
  return () => void set.delete(handler as Handler<never>);
}
