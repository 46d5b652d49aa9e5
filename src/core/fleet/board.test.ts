import { expect, it } from 'vitest';
import { dayIn, shortName } from './board.ts';
import { fleetQuerySchema, isTimeZone } from './schemas.ts';

it('shortens a name to the first name and last initial', () => {
  expect(shortName('Rosa Maria Diaz')).toBe('Rosa D.');
  expect(shortName('  cher ')).toBe('cher');
  expect(shortName('ana lópez')).toBe('ana L.');
  expect(shortName('')).toBe('');
});

it('gives the day in a time zone', () => {
  const at = new Date('2026-03-16T03:00:00Z');
  expect(dayIn('UTC', at)).toBe('2026-03-16');
  expect(dayIn('America/Chicago', at)).toBe('2026-03-15');
});

it('takes IANA time zones and real dates only', () => {
  expect(isTimeZone('America/Chicago')).toBe(true);
  expect(isTimeZone('UTC')).toBe(true);
  expect(isTimeZone('Mars/Olympus')).toBe(false);
  expect(isTimeZone("UTC'; select 1")).toBe(false);
  expect(fleetQuerySchema.safeParse({ date: '2028-02-29' }).success).toBe(true);
  expect(fleetQuerySchema.safeParse({ date: '2026-02-29' }).success).toBe(false);
});
