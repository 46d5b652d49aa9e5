import { QueryClient } from '@tanstack/react-query';
import { expect, it, vi } from 'vitest';
import { keepOfflineCacheWhenWorthIt } from './offline-start.ts';

const keep = vi.hoisted(() => vi.fn());
vi.mock('./offline-cache.ts', () => ({ keepOfflineCache: keep }));

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

it('waits while the only answer is that nobody is signed in, and starts with a search', async () => {
  const client = new QueryClient();
  client.setQueryData(['auth', 'me'], null);
  keepOfflineCacheWhenWorthIt(client);
  await settle();
  expect(keep).not.toHaveBeenCalled();
  client.setQueryData(['providers', 'search', { radius: 50 }], []);
  await settle();
  expect(keep).toHaveBeenCalledTimes(1);
  expect(keep).toHaveBeenCalledWith(client);
  // Started once: later answers are the kept cache's own business.
  client.setQueryData(['bookings', 'list'], []);
  await settle();
  expect(keep).toHaveBeenCalledTimes(1);
});

it('starts at once when someone is signed in already', async () => {
  keep.mockClear();
  const client = new QueryClient();
  client.setQueryData(['auth', 'me'], { id: 'u1' });
  keepOfflineCacheWhenWorthIt(client);
  await settle();
  expect(keep).toHaveBeenCalledTimes(1);
});
