import { describe, expect, it } from 'vitest';
import { apiUrl } from '#web/api/client.ts';
import { defaultSearch } from '../search-state.ts';
import { cursorOf, listQuery, nextLink, searchFilters } from './search-query.ts';

const sent = (query: Parameters<typeof listQuery>[0] | null) =>
  query && apiUrl('/providers', { params: { query } });

describe('searchFilters', () => {
  it('leaves the defaults out', () => {
    expect(sent(searchFilters(defaultSearch, '  ', null))).toBe('/api/providers');
  });

  it('sends every filter set, and the position to 5 decimals with its radius', () => {
    const filters = searchFilters(
      {
        ...defaultSearch,
        serviceType: 'towing',
        availability: 'available',
        rating: '4.5',
        minFee: 20,
        maxFee: 150,
        is24Hour: true,
        acceptsAAA: true,
        distance: 10,
      },
      ' tire shop ',
      { latitude: 32.776712345, longitude: -96.797004 },
    );
    expect(Object.fromEntries(new URL(sent(filters)!, 'http://localhost').searchParams)).toEqual({
      latitude: '32.77671',
      longitude: '-96.797',
      radius: '10',
      q: 'tire shop',
      serviceType: 'towing',
      status: 'available',
      minRating: '4.5',
      minFee: '20',
      maxFee: '150',
      is24Hour: 'true',
      acceptsAAA: 'true',
    });
  });
});

describe('the availability filter', () => {
  const statusSent = (availability: (typeof defaultSearch)['availability']) =>
    new URL(
      sent(searchFilters({ ...defaultSearch, availability }, '', null))!,
      'http://localhost',
    ).searchParams.get('status');

  it('asks only for available providers with Available Now', () => {
    expect(statusSent('available')).toBe('available');
  });

  it('asks for every status with All Providers and with Busy (Show All)', () => {
    expect(statusSent('all')).toBeNull();
    expect(statusSent('busy')).toBeNull();
    expect(sent(searchFilters({ ...defaultSearch, availability: 'busy' }, '', null))).toBe(
      '/api/providers',
    );
  });
});

describe('listQuery', () => {
  it('adds the type tab to the filters', () => {
    expect(sent(listQuery({ q: 'tire' }, 'all'))).toBe('/api/providers?q=tire');
    expect(sent(listQuery({}, 'all'))).toBe('/api/providers');
    expect(sent(listQuery({ q: 'tire' }, 'towing'))).toBe(
      '/api/providers?q=tire&serviceType=towing',
    );
    expect(sent(listQuery({ serviceType: 'towing' }, 'towing'))).toBe(
      '/api/providers?serviceType=towing',
    );
  });

  it('is null when the tab and the chosen service type differ', () => {
    expect(listQuery({ serviceType: 'towing' }, 'tire_shop')).toBeNull();
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

describe('cursorOf', () => {
  it("takes the cursor from the server's address of a page", () => {
    expect(cursorOf('/api/providers?q=tire&cursor=a%2Bb%3D')).toBe('a+b=');
    expect(cursorOf('/api/providers?q=tire')).toBeUndefined();
  });
});
