import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetOfflineCache, keepOfflineCache, restoreOfflineCache } from './offline-cache.ts';

const client = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });

/** Fills a cache as a driver's session would, and waits until it is kept on the device. */
async function keepSession(searches: number) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const source = client();
  const stop = keepOfflineCache(source);
  source.setQueryData(['auth', 'me'], { id: 'driver-1' });
  source.setQueryData(['bookings'], [{ id: 'booking-1' }]);
  source.setQueryData(['notifications'], [{ id: 'private-note' }]);
  for (let i = 1; i <= searches; i += 1) {
    vi.setSystemTime(Date.UTC(2026, 10, 25, 2, i));
    source.setQueryData(['providers', 'search', `/api/providers?q=${i}`], { pages: [i] });
  }
  await vi.advanceTimersByTimeAsync(1500);
  vi.useRealTimers();
  stop();
}

beforeEach(() => forgetOfflineCache());
afterEach(() => vi.useRealTimers());

describe('the offline cache', () => {
  it('restores the session, the bookings and the last three searches, and nothing else', async () => {
    await keepSession(5);
    const restored = client();
    expect(await restoreOfflineCache(restored)).toBe(true);
    expect(restored.getQueryData(['auth', 'me'])).toEqual({ id: 'driver-1' });
    expect(restored.getQueryData(['bookings'])).toEqual([{ id: 'booking-1' }]);
    expect(restored.getQueryData(['notifications'])).toBeUndefined();
    const searches = restored
      .getQueryCache()
      .findAll({ queryKey: ['providers', 'search'] })
      .map((query) => query.queryKey[2]);
    expect(searches.sort()).toEqual([3, 4, 5].map((i) => `/api/providers?q=${i}`));
  });

  it('marks what it restores as stale, so it is read again once the server answers', async () => {
    await keepSession(1);
    const restored = client();
    await restoreOfflineCache(restored);
    expect(restored.getQueryState(['bookings'])?.isInvalidated).toBe(true);
  });

  it('forgets everything when someone signs in or out', async () => {
    await keepSession(1);
    await forgetOfflineCache();
    const restored = client();
    expect(await restoreOfflineCache(restored)).toBe(false);
    expect(restored.getQueryData(['bookings'])).toBeUndefined();
  });

  it('keeps the answers that arrived before it started', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const source = client();
    source.setQueryData(['auth', 'me'], { id: 'driver-1' });
    source.setQueryData(['providers', 'search', '/api/providers?q=early'], { pages: [1] });
    const stop = keepOfflineCache(source);
    await vi.advanceTimersByTimeAsync(1500);
    vi.useRealTimers();
    stop();
    const restored = client();
    expect(await restoreOfflineCache(restored)).toBe(true);
    expect(restored.getQueryData(['providers', 'search', '/api/providers?q=early'])).toEqual({
      pages: [1],
    });
  });

  it('does not keep again, as new, the answers it restored', async () => {
    const restored = client();
    restored.setQueryData(['bookings'], [{ id: 'booking-1' }]);
    await restored.invalidateQueries({ refetchType: 'none' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stop = keepOfflineCache(restored);
    await vi.advanceTimersByTimeAsync(1500);
    vi.useRealTimers();
    stop();
    expect(await restoreOfflineCache(client())).toBe(false);
  });

  it('does not restore answers older than a week', async () => {
    await keepSession(1);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 8 * 24 * 60 * 60_000);
    expect(await restoreOfflineCache(client())).toBe(false);
  });
});
