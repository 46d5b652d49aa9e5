import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ProviderStatus } from '#core/providers/catalog.ts';
import type { Provider } from '#core/providers/schemas.ts';
import { onServerEvent, serverEventsConnected } from '#web/lib/server-events.ts';
import {
  EVENT_TIMEOUT_MS,
  matchEvent,
  normaliseStatus,
  toggleFor,
  type SentToggle,
  type ToggleStatus,
} from './status-toggle.ts';
import { putStatus } from './provider-calls.ts';
import { statusCycleChecks, type CycleContext } from './status-cycle.ts';
import type { QaResponse } from '../shared/qa-api.ts';
import { useCheckRun } from '../shared/use-check-run.ts';

/** A status change this page sent, with the API's answer and the event's delay once heard. */
export interface ToggleEntry {
  seq: number;
  status: ToggleStatus;
  sentAt: Date;
  answer?: QaResponse<Provider>;
  eventDelayMs?: number;
}

/** A provider-status event for the provider, as it arrived. */
export interface EventEntry {
  key: number;
  receivedAt: Date;
  status: string;
  /** Since the toggle it answers was sent; null for a change this page did not send. */
  delayMs: number | null;
  seq?: number;
}

const MAX_ENTRIES = 30;
const checks = statusCycleChecks();

/** Puts a status back even while the page unloads (a normal fetch may be cut off then). */
function sendWhileLeaving(providerId: string, status: ProviderStatus) {
  void putStatus(providerId, toggleFor(status), { keepalive: true });
}

/**
 * The availability test for one provider: status changes sent one at a time (so the restore can
 * never overtake them), the events that announce them, and the original status put back when the
 * run ends, when the user restores it, or when the page is left.
 */
export function useStatusRun(providerId: string, initialStatus: string) {
  const [status, setStatus] = useState(initialStatus);
  const [toggles, setToggles] = useState<ToggleEntry[]>([]);
  const [events, setEvents] = useState<EventEntry[]>([]);
  /** The status to put back, shown on the page; `original` is the same for the callbacks. */
  const [originalStatus, setOriginalStatus] = useState<ProviderStatus | null>(null);
  const [sending, setSending] = useState(false);

  const statusRef = useRef(initialStatus);
  const sent = useRef<SentToggle[]>([]);
  const seq = useRef(0);
  const original = useRef<ProviderStatus | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const left = useRef(false);

  const showStatus = useCallback((next: string) => {
    statusRef.current = next;
    setStatus(next);
  }, []);

  const send = useCallback(
    (next: ToggleStatus, { restoring = false } = {}): Promise<QaResponse<Provider>> => {
      if (!restoring && original.current === null) {
        original.current = normaliseStatus(statusRef.current) as ProviderStatus;
        setOriginalStatus(original.current);
      }
      const call = chain.current.then(async (): Promise<QaResponse<Provider>> => {
        if (left.current)
          return {
            method: 'PUT',
            // Not sent, so no address was built: the route it would have called.
            path: `/providers/${providerId}/status`,
            status: 0,
            ok: false,
            body: undefined as never,
            message: 'Not sent: the page was left',
            ms: 0,
          };
        const entry: SentToggle = {
          seq: ++seq.current,
          providerId,
          status: next,
          sentAt: performance.now(),
        };
        sent.current = [...sent.current, entry].slice(-MAX_ENTRIES);
        setToggles((list) =>
          [{ seq: entry.seq, status: next, sentAt: new Date() }, ...list].slice(0, MAX_ENTRIES),
        );
        const answer = await putStatus(providerId, next);
        if (left.current) return answer;
        setToggles((list) => list.map((t) => (t.seq === entry.seq ? { ...t, answer } : t)));
        if (answer.ok && answer.body?.status) showStatus(answer.body.status);
        return answer;
      });
      chain.current = call.catch(() => undefined);
      return call;
    },
    [providerId, showStatus],
  );

  /** Sends the original status back; nothing to do when the page has not changed it. */
  const restore = useCallback(async () => {
    const back = original.current;
    if (back === null) return null;
    const answer = await send(toggleFor(back), { restoring: true });
    if (answer.ok && original.current === back) {
      original.current = null;
      setOriginalStatus(null);
    }
    return answer;
  }, [send]);

  const toggle = useCallback(
    async (next: ToggleStatus) => {
      setSending(true);
      await send(next);
      if (!left.current) setSending(false);
    },
    [send],
  );

  useEffect(
    () =>
      onServerEvent('provider-status', (data) => {
        if (data.id !== providerId) return;
        const at = performance.now();
        const match = matchEvent(sent.current, data, at);
        if (match) match.heardAt = at;
        const delayMs = match ? Math.round(at - match.sentAt) : null;
        setEvents((list) =>
          [
            { key: at, receivedAt: new Date(), status: data.status, delayMs, seq: match?.seq },
            ...list,
          ].slice(0, MAX_ENTRIES),
        );
        if (match)
          setToggles((list) =>
            list.map((t) => (t.seq === match.seq ? { ...t, eventDelayMs: delayMs! } : t)),
          );
        showStatus(data.status);
      }),
    [providerId, showStatus],
  );

  useEffect(() => {
    left.current = false;
    const onPageHide = () => {
      if (original.current !== null) sendWhileLeaving(providerId, original.current);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      left.current = true;
      window.removeEventListener('pagehide', onPageHide);
      const back = original.current;
      if (back === null) return;
      original.current = null;
      // After whatever change is still on its way, so the original is the last word.
      void chain.current.then(() => sendWhileLeaving(providerId, back));
    };
  }, [providerId]);

  const prepare = useCallback(async (): Promise<CycleContext> => {
    if (original.current === null) {
      original.current = normaliseStatus(statusRef.current) as ProviderStatus;
      setOriginalStatus(original.current);
    }
    return {
      providerId,
      original: original.current,
      setStatus: (next) => send(next, { restoring: true }),
      subscribe: (handler) => onServerEvent('provider-status', handler),
      isConnected: serverEventsConnected,
      eventTimeoutMs: EVENT_TIMEOUT_MS,
      onRestored: () => {
        original.current = null;
        setOriginalStatus(null);
      },
    };
  }, [providerId, send]);
  const cleanup = useCallback(async () => {
    if (!left.current) await restore();
  }, [restore]);
  const cycle = useCheckRun(checks, { prepare, cleanup, gapMs: 1_500 });

  return useMemo(
    () => ({
      status,
      showStatus,
      toggles,
      events,
      originalStatus,
      busy: sending || cycle.running,
      toggle,
      restore,
      cycle: { checks, ...cycle },
    }),
    [status, showStatus, toggles, events, originalStatus, sending, toggle, restore, cycle],
  );
}
