import { describe, expect, it } from 'vitest';
import { affects, createSearchCache, type CachedAnswer } from './search-cache.ts';

const DALLAS = { latitude: 32.7767, longitude: -96.797, radius: 10 };
const answer = (body = '[]'): CachedAnswer => ({ body, headers: {}, encoded: {} });

describe('affects', () => {
  it('is true for a place inside the circle, a bulk change, or an answer without a position', () => {
    expect(affects([[32.8, -96.8]], DALLAS)).toBe(true);
    expect(affects([[29.76, -95.37]], DALLAS)).toBe(false);
    expect(affects([], DALLAS)).toBe(false);
    expect(affects('all', DALLAS)).toBe(true);
    expect(affects([], null)).toBe(true);
  });
});

describe('createSearchCache', () => {
  it('keeps an answer for its time, and drops it when a provider inside changes', () => {
    let now = 0;
    const cache = createSearchCache({ ttlMs: 1000, maxBytes: 1e6, now: () => now });
    expect(cache.store('a', cache.ticket(), DALLAS, answer('[1]'))).toBe(true);
    expect(cache.lookup('a')?.body).toBe('[1]');
    cache.dropAffected([[29.76, -95.37]]);
    expect(cache.lookup('a')).toBeDefined();
    cache.dropAffected([[32.78, -96.8]]);
    expect(cache.lookup('a')).toBeUndefined();
    cache.store('a', cache.ticket(), DALLAS, answer());
    now = 1000;
    expect(cache.lookup('a')).toBeUndefined();
  });

  it('refuses an answer computed while a change it could reflect happened', () => {
    const cache = createSearchCache({ ttlMs: 1000, maxBytes: 1e6 });
    const ticket = cache.ticket();
    cache.dropAffected([[29.76, -95.37]]); // far away: the answer is still right
    expect(cache.store('a', ticket, DALLAS, answer())).toBe(true);
    const later = cache.ticket();
    cache.dropAffected([[32.78, -96.8]]);
    expect(cache.store('b', later, DALLAS, answer())).toBe(false);
    const beforeClear = cache.ticket();
    cache.clear();
    expect(cache.store('c', beforeClear, DALLAS, answer())).toBe(false);
    expect(cache.size).toBe(0);
  });

  it('refuses when more changes happened than it remembers', () => {
    const cache = createSearchCache({ ttlMs: 1000, maxBytes: 1e6 });
    const ticket = cache.ticket();
    for (let i = 0; i < 100; i++) cache.dropAffected([[29.76, -95.37]]);
    expect(cache.store('a', ticket, DALLAS, answer())).toBe(false);
  });

  it('lets the least recently used answers go past its size, compressed bodies counted', () => {
    const cache = createSearchCache({ ttlMs: 1000, maxBytes: 250 });
    for (const key of ['a', 'b']) cache.store(key, cache.ticket(), DALLAS, answer('x'.repeat(100)));
    cache.lookup('a');
    cache.store('c', cache.ticket(), DALLAS, answer('x'.repeat(100)));
    expect([cache.lookup('a'), cache.lookup('b'), cache.lookup('c')].map(Boolean)).toEqual([
      true,
      false,
      true,
    ]);
    cache.keepEncoded('c', 'br', Buffer.alloc(100));
    expect(cache.lookup('a')).toBeUndefined();
    expect(cache.lookup('c')?.encoded.br).toHaveLength(100);
  });

  it('keeps nothing when off', () => {
    const cache = createSearchCache({ ttlMs: 0, maxBytes: 1e6 });
    expect(cache.store('a', cache.ticket(), null, answer())).toBe(false);
    expect(cache.enabled).toBe(false);
  });
});

describe('fresh', () => {
  it('answers once the changes committed before are heard, and not while that is unknown', async () => {
    let heard = () => {};
    const cache = createSearchCache({
      ttlMs: 1000,
      maxBytes: 1e6,
      caughtUp: () =>
        new Promise<void>((resolve) => {
          heard = () => {
            // The change arrives before the round trip's answer.
            cache.dropAffected([[32.78, -96.8]]);
            resolve();
          };
        }),
    });
    cache.store('a', cache.ticket(), DALLAS, answer());
    const pending = cache.fresh('a');
    heard();
    expect(await pending).toBeUndefined();

    const lost = createSearchCache({
      ttlMs: 1000,
      maxBytes: 1e6,
      caughtUp: () => Promise.reject(new Error('not listening')),
    });
    lost.store('a', lost.ticket(), DALLAS, answer());
    expect(await lost.fresh('a')).toBeUndefined();
    expect(lost.lookup('a')).toBeDefined();
  });
});
