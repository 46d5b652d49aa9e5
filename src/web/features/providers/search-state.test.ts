import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  defaultSearch,
  parseSearch,
  serializeSearch,
  statusFilter,
} from './search-state.ts';

describe('search state in the URL', () => {
  it('round-trips a search and writes nothing for the defaults', () => {
    expect(serializeSearch(defaultSearch)).toBe('');
    const state = {
      ...defaultSearch,
      q: 'brake',
      tab: 'towing' as const,
      distance: 15,
      maxFee: 120,
      is24Hour: true,
      view: 'map' as const,
    };
    expect(parseSearch(serializeSearch(state))).toEqual(state);
  });

  it('ignores malformed values and snaps numbers to the slider steps', () => {
    const state = parseSearch(
      'distance=999&minFee=37&maxFee=abc&rating=7&tab=plumber&availability=nope',
    );
    expect(state).toMatchObject({
      distance: 50,
      minFee: 40,
      maxFee: 200,
      rating: 'any',
      tab: 'all',
      availability: 'all',
    });
  });

  it('counts the active filters', () => {
    expect(activeFilterCount(defaultSearch)).toBe(0);
    expect(
      activeFilterCount({
        ...defaultSearch,
        serviceType: 'towing',
        distance: 10,
        minFee: 20,
        acceptsAAA: true,
      }),
    ).toBe(4);
    expect(activeFilterCount({ ...defaultSearch, q: 'tire', tab: 'towing', view: 'map' })).toBe(0);
  });
});

describe('statusFilter', () => {
  it('narrows to available providers only for Available Now; Busy (Show All) shows every one', () => {
    expect(statusFilter('available')).toBe('available');
    expect(statusFilter('all')).toBeUndefined();
    expect(statusFilter('busy')).toBeUndefined();
  });

  it('keeps Busy (Show All) in the URL, so the choice survives a reload', () => {
    const state = { ...defaultSearch, availability: 'busy' as const };
    expect(serializeSearch(state)).toBe('availability=busy');
    expect(parseSearch('availability=busy').availability).toBe('busy');
  });
});
