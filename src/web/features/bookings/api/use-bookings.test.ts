// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POSITION_INTERVAL_MS } from '#core/bookings/tracking-rules.ts';
import { openServerEvents } from '#web/lib/server-events.ts';
import { positionRefetchInterval, useBookingPosition } from './use-bookings.ts';

describe('positionRefetchInterval', () => {
  it('reads the position every 10 s while the events stream is down, and never while it is up', () => {
    expect(POSITION_INTERVAL_MS).toBe(10_000);
    expect(positionRefetchInterval(false)).toBe(POSITION_INTERVAL_MS);
    expect(positionRefetchInterval(true)).toBe(false);
  });
});

/** A stand-in for the browser's EventSource that the test opens and drops by hand. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static latest: FakeEventSource;
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeEventSource.latest = this;
  }
  addEventListener() {}
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

describe('useBookingPosition', () => {
  const fetchMock = vi.fn(
    async () =>
      new Response(
        JSON.stringify({
          bookingId: 'b1',
          latitude: 32.8,
          longitude: -96.8,
          accuracy: null,
          recordedAt: '2026-01-01T00:00:00.000Z',
        }),
        { status: 200 },
      ),
  );
  let stopEvents: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
    stopEvents = openServerEvents();
  });
  afterEach(() => {
    cleanup();
    stopEvents();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const render = () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    return renderHook(() => useBookingPosition('b1', true), { wrapper });
  };
  const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  const streamOpens = () =>
    act(() => {
      FakeEventSource.latest.readyState = FakeEventSource.OPEN;
      FakeEventSource.latest.onopen?.();
    });
  const streamDrops = () =>
    act(() => {
      FakeEventSource.latest.readyState = FakeEventSource.CONNECTING;
      FakeEventSource.latest.onerror?.();
    });

  it('polls every 10 s while the stream is down and stops once it is back', async () => {
    render();
    await wait(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await wait(POSITION_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    streamOpens();
    await wait(POSITION_INTERVAL_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    streamDrops();
    await wait(POSITION_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
