import { describe, expect, it } from 'vitest';
import { listPath, nextLink } from './use-provider-search.ts';

describe('listPath', () => {
  it('adds the type tab to the filters', () => {
    expect(listPath(new URLSearchParams('q=tire'), 'all')).toBe('/api/providers?q=tire');
    expect(listPath(new URLSearchParams(), 'all')).toBe('/api/providers');
    expect(listPath(new URLSearchParams('q=tire'), 'towing')).toBe(
      '/api/providers?q=tire&serviceType=towing',
    );
    expect(listPath(new URLSearchParams('serviceType=towing'), 'towing')).toBe(
      '/api/providers?serviceType=towing',
    );
  });

  it('is null when the tab and the chosen service type differ', () => {
    expect(listPath(new URLSearchParams('serviceType=towing'), 'tire_shop')).toBeNull();
  });
});

describe('nextLink', () => {
  it('reads rel="next" from a Link header', () => {
    expect(nextLink('</api/search?limit=5&cursor=abc>; rel="next"')).toBe(
      '/api/search?limit=5&cursor=abc',
    );
    expect(nextLink('</a>; rel="prev", </b>; rel=next')).toBe('/b');
  });

  it('is null without a next page', () => {
    expect(nextLink(null)).toBeNull();
    expect(nextLink('')).toBeNull();
    expect(nextLink('</a>; rel="prev"')).toBeNull();
  });
});
