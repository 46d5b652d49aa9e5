import { describe, expect, it } from 'vitest';
import { auditChanges, utcDay } from './admin-format.ts';

describe('auditChanges', () => {
  it('lists every changed field with its value before and after, as text', () => {
    expect(
      auditChanges(
        { status: 'pending', actualCost: null },
        { status: 'completed', actualCost: 120.5, extra: { a: 1 } },
      ),
    ).toEqual([
      { field: 'status', before: 'pending', after: 'completed' },
      { field: 'actualCost', before: '—', after: '120.5' },
      { field: 'extra', before: '—', after: '{"a":1}' },
    ]);
  });

  it('handles a creation (no before) and an entry without values', () => {
    expect(auditChanges(null, { businessName: 'Lone Star Diesel' })).toEqual([
      { field: 'businessName', before: '—', after: 'Lone Star Diesel' },
    ]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});

describe('utcDay', () => {
  it('counts whole days back in UTC', () => {
    const now = new Date('2026-03-01T02:00:00Z');
    expect(utcDay(0, now)).toBe('2026-03-01');
    expect(utcDay(1, now)).toBe('2026-02-28');
    expect(utcDay(29, now)).toBe('2026-01-31');
  });
});
