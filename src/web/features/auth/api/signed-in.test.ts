import { QueryClient } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import { publicUser } from '#web/test/public-user.ts';
import { prepareSignedIn, startSignedIn } from './signed-in.ts';
import { meQueryKey } from './use-me.ts';

vi.mock('#web/lib/offline-cache.ts', () => ({ forgetOfflineCache: async () => undefined }));

afterEach(() => prepareSignedIn(() => undefined));

it("shows the account only once the frame's preparation is done", async () => {
  let done = () => {};
  const preparation = vi.fn(() => new Promise<void>((resolve) => (done = resolve)));
  prepareSignedIn(preparation);
  const client = new QueryClient();
  const user = publicUser();
  const starting = startSignedIn(client, user);
  expect(preparation).toHaveBeenCalledWith(user);
  await Promise.resolve();
  expect(client.getQueryData(meQueryKey)).toBeUndefined();
  done();
  await starting;
  expect(client.getQueryData(meQueryKey)).toEqual(user);
});

it('signs in when the preparation fails, and signs out at once without one', async () => {
  const preparation = vi.fn(() => Promise.reject(new Error('chunk gone')));
  prepareSignedIn(preparation);
  const client = new QueryClient();
  await startSignedIn(client, publicUser());
  expect(client.getQueryData(meQueryKey)).toMatchObject({ name: 'Dana Driver' });
  preparation.mockClear();
  void startSignedIn(client, null);
  expect(preparation).not.toHaveBeenCalled();
  expect(client.getQueryData(meQueryKey)).toBeNull();
});
