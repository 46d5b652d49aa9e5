import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCheck, runChecks } from '../shared/checks.ts';
import type { QaResponse } from '../shared/qa-api.ts';
import { waitForEvent } from './event-wait.ts';
import { statusCycleChecks, type CycleContext, type StatusEvent } from './status-cycle.ts';
import {
  matchEvent,
  normaliseStatus,
  toggleFor,
  togglerFor,
  type SentToggle,
} from './status-toggle.ts';

/** A tiny event bus standing in for the events stream. */
function bus<T>() {
  const handlers = new Set<(data: T) => void>();
  return {
    subscribe: (handler: (data: T) => void) => {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
    emit: (data: T) => handlers.forEach((handler) => handler(data)),
    size: () => handlers.size,
  };
}

describe('status helpers', () => {
  it('stores en_route as enroute, in any case', () => {
    expect(normaliseStatus(' EN_ROUTE ')).toBe('enroute');
    expect(normaliseStatus('Busy')).toBe('busy');
    expect(toggleFor('enroute')).toBe('en_route');
    expect(toggleFor('offline')).toBe('offline');
  });

  it('lets owners (mechanics) and admins toggle, nobody else', () => {
    expect(togglerFor({ role: 'mechanic' })).toBe('owner');
    expect(togglerFor({ role: 'admin' })).toBe('admin');
    expect(togglerFor({ role: 'driver' })).toBe('none');
    expect(togglerFor(null)).toBe('none');
  });

  it('matches an event to the oldest unheard toggle of that provider and status', () => {
    const toggles: SentToggle[] = [
      { seq: 1, providerId: 'p', status: 'busy', sentAt: 10, heardAt: 20 },
      { seq: 2, providerId: 'p', status: 'en_route', sentAt: 30 },
      { seq: 3, providerId: 'p', status: 'en_route', sentAt: 40 },
      { seq: 4, providerId: 'q', status: 'offline', sentAt: 50 },
    ];
    expect(matchEvent(toggles, { id: 'p', status: 'enroute' }, 60)?.seq).toBe(2);
    expect(matchEvent(toggles, { id: 'p', status: 'busy' }, 60)).toBeNull();
    expect(matchEvent(toggles, { id: 'p', status: 'offline' }, 60)).toBeNull();
    expect(matchEvent(toggles, { id: 'q', status: 'offline' }, 45)).toBeNull();
  });
});

describe('waitForEvent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves with the first matching event and unsubscribes', async () => {
    const events = bus<number>();
    const wait = waitForEvent(events.subscribe, (n) => n > 1, 1000);
    events.emit(1);
    events.emit(2);
    await expect(wait.result).resolves.toMatchObject({ data: 2 });
    expect(events.size()).toBe(0);
  });

  it('resolves null after the timeout or when cancelled, leaving no handler behind', async () => {
    const events = bus<number>();
    const timed = waitForEvent(events.subscribe, () => true, 1000);
    vi.advanceTimersByTime(1000);
    await expect(timed.result).resolves.toBeNull();
    const cancelled = waitForEvent(events.subscribe, () => true, 1000);
    cancelled.cancel();
    await expect(cancelled.result).resolves.toBeNull();
    expect(events.size()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('status cycle checks', () => {
  const answer = (status: number, body: unknown): QaResponse<never> => ({
    method: 'PUT',
    path: '',
    status,
    ok: status < 400,
    body: body as never,
    message: status < 400 ? 'OK' : 'You can only change your own business',
    ms: 5,
  });

  /** A server that saves the status and announces it on the bus (or not). */
  function setup(
    options: { status?: number; announce?: boolean; store?: (s: string) => string } = {},
  ) {
    const events = bus<StatusEvent>();
    const sent: unknown[] = [];
    const setStatus = async (status: string) => {
      sent.push(status);
      const stored = (options.store ?? normaliseStatus)(status);
      if (options.announce !== false)
        queueMicrotask(() => events.emit({ id: 'p1', status: stored }));
      return answer(options.status ?? 200, { id: 'p1', status: stored });
    };
    const restored = vi.fn();
    const context: CycleContext = {
      setStatus,
      providerId: 'p1',
      original: 'enroute',
      subscribe: events.subscribe,
      isConnected: () => true,
      eventTimeoutMs: 50,
      onRestored: restored,
    };
    return { events, sent, context, restored };
  }

  it('sets each status, hears each event, then puts the original back', async () => {
    const { sent, context, restored, events } = setup();
    const results = await runChecks(statusCycleChecks(), context, () => undefined);
    expect(Object.values(results).map((r) => r.status)).toEqual(Array(5).fill('passed'));
    expect(sent).toEqual(['busy', 'en_route', 'offline', 'available', 'en_route']);
    expect(results['restore']!.detail).toMatch(
      /^Back to enroute\. Status enroute; provider-status event \d+ ms after sending$/,
    );
    expect(restored).toHaveBeenCalledOnce();
    expect(events.size()).toBe(0);
  });

  it('fails with the HTTP status when the API refuses', async () => {
    const { context, events } = setup({ status: 403 });
    const [first] = statusCycleChecks();
    const result = await runCheck(first!, context);
    expect(result).toMatchObject({
      status: 'failed',
      httpStatus: 403,
      message: 'You can only change your own business',
    });
    expect(events.size()).toBe(0);
  });

  it('fails when no event arrives, or the stored status differs', async () => {
    const [first] = statusCycleChecks();
    const silent = await runCheck(first!, setup({ announce: false }).context);
    expect(silent).toMatchObject({
      status: 'failed',
      detail: 'Saved, but no provider-status event arrived within 0.05 s',
    });
    const wrong = await runCheck(first!, setup({ store: () => 'offline' }).context);
    expect(wrong.detail).toBe('The API answered status offline instead of busy');
  });
});
