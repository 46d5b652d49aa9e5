import { useSyncExternalStore } from 'react';
import type { ServerEvents, ServerEventType } from '#core/events.ts';
import { serverEventTypes } from '#core/events.ts';
import { apiUrl } from '#web/api/client.ts';

type Handler<T extends ServerEventType> = (data: ServerEvents[T]) => void;
const handlers = new Map<ServerEventType, Set<Handler<never>>>();
const REOPEN_DELAYS_MS = [1_000, 3_000, 10_000, 30_000];

/** Whether the stream is open right now; pages that depend on it poll while it is not. */
let connected = false;
const connectionListeners = new Set<() => void>();
function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const listener of connectionListeners) listener();
}

/** True while the events stream is open (false before it opens, while it reconnects, and after). */
export const serverEventsConnected = () => connected;

/** Calls `listener` each time the stream opens or drops. */
export function onServerEventsConnection(listener: () => void) {
  connectionListeners.add(listener);
  return () => void connectionListeners.delete(listener);
}

const reopenListeners = new Set<() => void>();

/**
 * Calls `listener` when the stream opens again after it dropped: events sent meanwhile were
 * missed (the page was offline, or the server restarted the stream after it could not listen for
 * a while), so what the page shows should be reloaded.
 */
export function onServerEventsReopened(listener: () => void) {
  reopenListeners.add(listener);
  return () => void reopenListeners.delete(listener);
}

/** The stream's state for a component: it re-renders when the stream opens or drops. */
export const useServerEventsConnected = () =>
  useSyncExternalStore(onServerEventsConnection, serverEventsConnected, () => false);

/**
 * Opens GET /api/events. EventSource reconnects by itself after a dropped connection; when the
 * server refuses it outright (the stream is closed), it is reopened with a growing delay. The
 * pages keep their 30-second refetch, and live tracking reads the position itself while the
 * stream is down (`useServerEventsConnected`), so nothing is lost meanwhile.
 */
export function openServerEvents(): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  let source: EventSource | null = null;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let openedBefore = false;

  const open = () => {
    source = new EventSource(apiUrl('/events'), { withCredentials: true });
    source.onopen = () => {
      attempts = 0;
      if (stopped) return;
      setConnected(true);
      if (openedBefore) for (const listener of reopenListeners) listener();
      openedBefore = true;
    };
    source.onerror = () => {
      // Reconnecting (by itself or below) counts as down until the stream opens again.
      if (!stopped) setConnected(false);
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
    setConnected(false);
  };
}

/** Calls `handler` for each event of `type` while subscribed. */
export function onServerEvent<T extends ServerEventType>(type: T, handler: Handler<T>) {
  const set = handlers.get(type) ?? new Set();
  handlers.set(type, set);
  set.add(handler as Handler<never>);
  return () => void set.delete(handler as Handler<never>);
}
