// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '#web/test/settle.ts';

const handlers = new Set<(data: { id: string; status: string }) => void>();
vi.mock('#web/lib/server-events.ts', () => ({
  onServerEvent: (_type: string, handler: (data: { id: string; status: string }) => void) => {
    handlers.add(handler);
    return () => void handlers.delete(handler);
  },
  serverEventsConnected: () => true,
  useServerEventsConnected: () => true,
}));

const { AutoRefresh } = await import('./auto-refresh.tsx');
const { useStatusRun } = await import('./use-status-run.ts');

const fetchMock = vi.fn();
const provider = (status: string) =>
  new Response(JSON.stringify({ id: 'p1', status }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  handlers.clear();
});

describe('AutoRefresh', () => {
  it('reads every 5 seconds while on and leaves no timer behind once unmounted', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => provider('busy'));
    const onStatus = vi.fn();
    const view = render(<AutoRefresh userId="u1" onStatus={onStatus} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('switch'));
    });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/service-providers/by-user/u1');
    expect(onStatus).toHaveBeenLastCalledWith('busy');
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('stops reading when switched off', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => provider('busy'));
    render(<AutoRefresh userId="x" onStatus={() => undefined} />);
    await act(async () => fireEvent.click(screen.getByRole('switch')));
    await act(async () => fireEvent.click(screen.getByRole('switch')));
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('useStatusRun', () => {
  it('logs the event with its delay, then unsubscribes and puts the original back on unmount', async () => {
    fetchMock.mockImplementation(async (_path: string, init: RequestInit) =>
      provider(JSON.parse(String(init.body)).status === 'en_route' ? 'enroute' : 'available'),
    );
    const { result, unmount } = renderHook(() => useStatusRun('p1', 'available'));
    expect(handlers.size).toBe(1);
    await act(() => result.current.toggle('en_route'));
    expect(result.current.originalStatus).toBe('available');
    expect(result.current.toggles[0]?.answer?.status).toBe(200);
    act(() => handlers.forEach((handler) => handler({ id: 'p1', status: 'enroute' })));
    expect(result.current.events[0]).toMatchObject({ status: 'enroute', seq: 1 });
    expect(result.current.events[0]!.delayMs).toBeGreaterThanOrEqual(0);
    expect(result.current.toggles[0]!.eventDelayMs).toBe(result.current.events[0]!.delayMs);

    unmount();
    expect(handlers.size).toBe(0);
    // The original goes back after whatever change is still on its way.
    await settle(null, () => fetchMock.mock.calls.length >= 2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [path, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(path).toBe('/api/providers/p1/status');
    expect(init).toMatchObject({ method: 'PUT', keepalive: true, body: '{"status":"available"}' });
  });

  it('sends nothing on unmount when the status was never changed, or was restored', async () => {
    fetchMock.mockImplementation(async () => provider('busy'));
    const { result, unmount } = renderHook(() => useStatusRun('p1', 'busy'));
    await act(() => result.current.toggle('busy'));
    await act(async () => void (await result.current.restore()));
    expect(result.current.originalStatus).toBeNull();
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
