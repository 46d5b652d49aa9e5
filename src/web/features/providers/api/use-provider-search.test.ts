import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/api/transport.ts';
import { fetchSearchPage } from './use-provider-search.ts';

const asked: string[] = [];
const serve = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      });
    }),
  );
afterEach(() => {
  asked.length = 0;
  vi.unstubAllGlobals();
});

describe('fetchSearchPage', () => {
  it("answers a page's providers and the next page's address from the Link header", async () => {
    const next = '/api/providers?q=tire&latitude=32.8&cursor=abc';
    serve(200, [], { link: `<${next}>; rel="next"` });
    expect(await fetchSearchPage({ q: 'tire', latitude: 32.8 }, null)).toEqual({
      providers: [],
      next,
    });
    expect(asked).toEqual(['/api/providers?q=tire&latitude=32.8']);
  });

  it("follows the server's address of a page with the same query and its cursor", async () => {
    serve(200, []);
    const page = await fetchSearchPage(
      { q: 'tire', latitude: 32.8 },
      '/api/providers?q=tire&latitude=32.8&cursor=abc',
    );
    expect(page.next).toBeNull();
    expect(asked).toEqual(['/api/providers?q=tire&latitude=32.8&cursor=abc']);
  });

  it("throws the server's refusal", async () => {
    serve(400, { error: 'Bad radius' });
    await expect(fetchSearchPage({ radius: 0 }, null)).rejects.toEqual(
      new ApiError(400, 'Bad radius'),
    );
  });
});
