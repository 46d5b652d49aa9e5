import { describe, expect, it } from 'vitest';
import { formatters } from './format.ts';

describe('formatters', () => {
  const en = formatters('en', undefined, 'UTC');
  const es = formatters('es', undefined, 'UTC');
  const when = '2026-11-27T14:05:00.000Z';

  it('formats money, miles and numbers for each language', () => {
    expect(en.money(1234.5)).toBe('$1,234.50');
    expect(es.money(1234.5)).toMatch(/^\$\s?1,234\.50$|^1234,50\s?US\$$|^\$1,234\.50$/);
    expect(en.miles(3.24)).toBe('3.2 mi');
    expect(en.cents(1999)).toBe('$19.99');
  });

  it('formats dates in each language', () => {
    expect(en.date(when)).toBe('Nov 27, 2026');
    expect(es.date(when)).toMatch(/27 nov 2026/);
    expect(en.time(when)).toBe('2:05 PM');
    expect(es.monthYear(when)).toMatch(/noviembre de 2026/);
  });

  it('says how long ago', () => {
    const now = Date.parse(when) + 5 * 60_000;
    expect(en.relative(when, now)).toBe('5 minutes ago');
    expect(es.relative(when, now)).toBe('hace 5 minutos');
    expect(en.relative(when, Date.parse(when) + 86_400_000)).toBe('yesterday');
  });

  it('marks its output when asked', () => {
    const marked = formatters('en', (text) => `[${text}]`, 'UTC');
    expect(marked.money(1)).toBe('[$1.00]');
  });
});
