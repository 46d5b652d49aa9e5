import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The address of `rel="next"` in a Link header, or null. */
export function nextPage(link: string | string[] | number | undefined): string | null {
  if (typeof link !== 'string') return null;
  return /<([^>]+)>\s*;\s*rel="next"/.exec(link)?.[1] ?? null;
}

export const queryString = (query: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

/** Every page of a search, following the Link headers; each page must answer 200. */
export async function allPages<T>(
  api: (request: InjectOptions) => Promise<LightMyRequestResponse>,
  firstUrl: string,
): Promise<{ items: T[]; pages: T[][] }> {
  const pages: T[][] = [];
  let url: string | null = firstUrl;
  while (url) {
    const response = await api({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    pages.push(response.json() as T[]);
    url = nextPage(response.headers.link);
    expect(pages.length, 'too many pages').toBeLessThan(1000);
  }
  return { items: pages.flat(), pages };
}
