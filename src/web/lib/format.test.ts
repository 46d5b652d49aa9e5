import { afterEach, expect, it, vi } from 'vitest';
import { formatNow, prepareFormats } from './format.ts';

afterEach(() => vi.restoreAllMocks());

/** Counts the formatters made of an `Intl` kind. */
function countMade(kind: 'NumberFormat' | 'DateTimeFormat') {
  const Original = Intl[kind];
  const made = { count: 0 };
  vi.spyOn(Intl, kind).mockImplementation(function (...args: never[]) {
    made.count += 1;
    return new (Original as new (...a: never[]) => object)(...args);
  } as never);
  return made;
}

it('makes the money and date formatters ahead, and the page then uses those', () => {
  const numbers = countMade('NumberFormat');
  const dates = countMade('DateTimeFormat');
  prepareFormats('en');
  expect([numbers.count, dates.count]).toEqual([1, 1]);
  const format = formatNow();
  expect(format.money(1234.5)).toBe('$1,234.50');
  expect(format.date('2026-11-27T12:00:00Z')).toBe('Nov 27, 2026');
  expect([numbers.count, dates.count]).toEqual([1, 1]);
});
