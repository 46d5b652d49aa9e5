import { expect, it } from 'vitest';
import {
  daysInRange,
  median,
  monthRange,
  monthsBefore,
  periodStart,
  periodsOf,
  previousMonth,
  rangePresets,
} from './rules.ts';
import { reportQuerySchema, statementQuerySchema } from './schemas.ts';

it('takes the median as percentile_cont(0.5) does', () => {
  expect(median([])).toBeNull();
  expect(median([7])).toBe(7);
  expect(median([12, 4, 10, 7])).toBe(8.5);
  expect(median([30, 45, 20])).toBe(30);
  expect(median([1, 1, 100])).toBe(1);
});

it('starts weeks on Monday and months on the 1st', () => {
  expect(periodStart('2026-03-08', 'week')).toBe('2026-03-02'); // a Sunday
  expect(periodStart('2026-03-09', 'week')).toBe('2026-03-09'); // a Monday
  expect(periodStart('2027-01-01', 'week')).toBe('2026-12-28'); // across a year
  expect(periodStart('2026-03-31', 'month')).toBe('2026-03-01');
  expect(periodStart('2026-03-31', 'day')).toBe('2026-03-31');
});

it('lists every period that overlaps the range', () => {
  expect(periodsOf('2026-03-04', '2026-03-16', 'week')).toEqual([
    { start: '2026-03-02', end: '2026-03-08' },
    { start: '2026-03-09', end: '2026-03-15' },
    { start: '2026-03-16', end: '2026-03-22' },
  ]);
  expect(periodsOf('2028-01-31', '2028-03-01', 'month')).toEqual([
    { start: '2028-01-01', end: '2028-01-31' },
    { start: '2028-02-01', end: '2028-02-29' },
    { start: '2028-03-01', end: '2028-03-31' },
  ]);
  expect(periodsOf('2026-03-31', '2026-04-01', 'day')).toHaveLength(2);
});

it('counts days with both ends included', () => {
  expect(daysInRange('2026-03-01', '2026-03-01')).toBe(1);
  expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
  expect(daysInRange('2026-03-02', '2026-03-01')).toBe(0);
});

it('steps back over months and years', () => {
  expect(previousMonth('2026-01')).toBe('2025-12');
  expect(previousMonth('2026-03')).toBe('2026-02');
  expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  expect(monthsBefore(new Date('2026-02-15T00:00:00Z'), 3)).toEqual([
    '2026-01',
    '2025-12',
    '2025-11',
  ]);
});

it('offers the screen presets as of a day', () => {
  const presets = rangePresets('2026-03-10');
  expect(presets.last30).toMatchObject({ from: '2026-02-09', to: '2026-03-10' });
  expect(presets.thisMonth).toMatchObject({ from: '2026-03-01', to: '2026-03-10' });
  expect(presets.lastMonth).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
  expect(presets.thisYear).toMatchObject({ from: '2026-01-01', to: '2026-03-10' });
});

it('checks the range and the grouping together', () => {
  const ok = (q: object) => reportQuerySchema.safeParse(q).success;
  expect(ok({ from: '2026-01-01', to: '2026-12-31', groupBy: 'month' })).toBe(true);
  expect(ok({ from: '2028-01-01', to: '2028-12-31', groupBy: 'week' })).toBe(true); // 366 days
  expect(ok({ from: '2026-01-01', to: '2027-01-02', groupBy: 'month' })).toBe(false); // 367 days
  expect(ok({ from: '2026-01-01', to: '2026-04-02', groupBy: 'day' })).toBe(true); // 92 days
  expect(ok({ from: '2026-01-01', to: '2026-04-03', groupBy: 'day' })).toBe(false);
  expect(ok({ from: '2026-03-02', to: '2026-03-01', groupBy: 'day' })).toBe(false);
  expect(statementQuerySchema.safeParse({ month: '2026-12' }).success).toBe(true);
  expect(statementQuerySchema.safeParse({ month: '2026-00' }).success).toBe(false);
});
