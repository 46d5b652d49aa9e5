import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast, type Cast, type TestAccount, type TestAdmin } from '../test/cast.ts';
import { signInWithCode } from '../test/second-factor.ts';
import { createTestApp, sessionCookie } from '../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let cast: Cast;
beforeAll(async () => {
  // Every route, four callers each, with a session check after each: past the default 600 a minute.
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
  cast = await createCast(t.app);
});
afterAll(() => t.close());

/** A route's path with every parameter filled in by a fresh id. */
const filled = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());

/** Signs the account in again when a route it called ended its session. */
async function stillSignedIn(who: TestAccount | TestAdmin) {
  const session = await t.api({
    method: 'GET',
    url: '/api/auth/session',
    headers: { cookie: who.cookie },
  });
  if (session.json().user) return;
  if ('totpSecret' in who) {
    who.cookie = await signInWithCode(t.app, who);
    return;
  }
  const login = await t.api({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: who.account.email, password: who.account.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  who.cookie = sessionCookie(login)!;
}

describe('Cache-Control on /api answers', () => {
  it('is no-store on every answer of every route that needs a session, for every caller', async () => {
    const routes = t.app.apiRoutes.filter(
      (route) => route.access.kind !== 'public' && route.url !== '/api/events',
    );
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      for (const who of [undefined, cast.driver, cast.mechanic, cast.admin]) {
        const answer = await t.api({
          method: route.method as 'GET',
          url: filled(route.url),
          headers: who ? { cookie: who.cookie } : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(answer.headers['cache-control'], `${route.method} ${route.url}`).toBe('no-store');
        if (who) await stillSignedIn(who);
      }
    }
  });

  it('is no-store on public answers made for a signed-in caller or carrying the session cookie', async () => {
    const get = (url: string, cookie?: string) =>
      t.api({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect((await get('/api/auth/session', cast.driver.cookie)).headers['cache-control']).toBe(
      'no-store',
    );
    expect(
      (await get(`/api/providers/${cast.mechanic.providerId}`, cast.mechanic.cookie)).headers[
        'cache-control'
      ],
    ).toBe('no-store');
    const login = await t.api({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        email: cast.otherDriver.account.email,
        password: cast.otherDriver.account.password,
      },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const logout = await t.api({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: sessionCookie(login)! },
    });
    expect(logout.headers['cache-control']).toBe('no-store');
  });

  it('leaves the answers everyone gets alike as they were', async () => {
    for (const url of [
      '/api/health',
      '/api/meta',
      '/api/search?latitude=32.78&longitude=-96.8',
      '/api/providers/summary',
      `/api/providers/${cast.mechanic.providerId}`,
      '/api/auth/session',
    ]) {
      const answer = await t.api({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBeUndefined();
    }
    const search = await t.api({
      method: 'GET',
      url: '/api/search?latitude=32.78&longitude=-96.8',
      headers: { cookie: cast.driver.cookie },
    });
    expect(search.headers['cache-control']).toBeUndefined();
  });

  it("is no-store on the live event stream, whose events are the visitor's own", async () => {
    const baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const controller = new AbortController();
    const stream = await fetch(`${baseUrl}/api/events`, {
      headers: { cookie: cast.driver.cookie },
      signal: controller.signal,
    });
    expect(stream.headers.get('cache-control')).toMatch(/^no-store\b/);
    controller.abort();
  });
});
