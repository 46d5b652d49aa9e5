import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '#web/api/client.ts';
import { ApiError, sendSignOutFirst, SIGN_OUT_FLAG, signOutFlagged } from '#web/api/transport.ts';
import { markSignOutPending, sendPendingSignOut, signOutPending } from './pending-sign-out.ts';

/** The page's localStorage, which Node lacks. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** Every request the "network" got, as `METHOD path`; `online` false makes fetch fail. */
let requests: string[];
let online: boolean;
sendSignOutFirst(sendPendingSignOut);
beforeEach(() => {
  requests = [];
  online = true;
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      if (!online) throw new TypeError('Failed to fetch');
      requests.push(`${init.method} ${path}`);
      if (path === '/api/auth/logout') return new Response(null, { status: 204 });
      return new Response(JSON.stringify({ user: null }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(async () => {
  online = true;
  await sendPendingSignOut();
  vi.unstubAllGlobals();
});

describe('a sign-out made without a connection', () => {
  it('is kept on the device until the logout reaches the server', async () => {
    online = false;
    await markSignOutPending();
    expect(signOutFlagged()).toBe(true);
    expect(await signOutPending()).toBe(true);
    expect(await sendPendingSignOut()).toBe(false);
    expect(await signOutPending()).toBe(true);

    online = true;
    expect(await sendPendingSignOut()).toBe(true);
    expect(requests).toEqual(['POST /api/auth/logout']);
    // Only the cookie and what the server answers in: no body, no content type.
    expect(vi.mocked(fetch).mock.lastCall?.[1]).toEqual({
      method: 'POST',
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
    expect(await signOutPending()).toBe(false);
    expect(localStorage.getItem(SIGN_OUT_FLAG)).toBeNull();
    // Nothing waits any more: nothing is sent again.
    expect(await sendPendingSignOut()).toBe(true);
    expect(requests).toEqual(['POST /api/auth/logout']);
  });

  it('goes before any other call, and no call leaves while it cannot', async () => {
    online = false;
    await markSignOutPending();
    online = true;
    // The logout cannot leave (the server is unreachable for it): neither does the call.
    vi.mocked(fetch).mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    const refused = api.get('/auth/session');
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 0 });
    expect(requests).toEqual([]);

    await api.get('/auth/session');
    expect(requests).toEqual(['POST /api/auth/logout', 'GET /api/auth/session']);
    expect(signOutFlagged()).toBe(false);
  });

  it('is sent once by whoever asks first when several ask at once', async () => {
    online = false;
    await markSignOutPending();
    online = true;
    await Promise.all([sendPendingSignOut(), sendPendingSignOut(), api.get('/meta')]);
    expect(requests.filter((r) => r === 'POST /api/auth/logout')).toHaveLength(1);
  });
});
