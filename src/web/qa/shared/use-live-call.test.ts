import { afterEach, expect, it, vi } from 'vitest';
import { liveGet } from './use-live-call.ts';

afterEach(() => vi.unstubAllGlobals());

it('keys a live call by the address it fetches', async () => {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response('[]'));
  vi.stubGlobal('fetch', fetch);
  const search = liveGet('/search', {
    params: { query: { latitude: 32.7767, longitude: -96.797, radius: 25 } },
  });
  expect(search.url).toBe('/api/search?latitude=32.7767&longitude=-96.797&radius=25');
  await search.call();
  expect(fetch.mock.calls[0]![0]).toBe(search.url);
  expect(liveGet('/providers/summary').url).toBe('/api/providers/summary');
  expect(
    liveGet('/service-providers/by-user/{userId}', { params: { path: { userId: 'u1' } } }).url,
  ).toBe('/api/service-providers/by-user/u1');
});
