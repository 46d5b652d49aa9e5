import { describe, expect, it } from 'vitest';
import type { PaymentReminder } from '#core/billing/schemas.ts';
import {
  activeReminders,
  CALENDAR_CELLS,
  dayKey,
  daysBeforeText,
  daysUntil,
  dueBadgeOf,
  eventsByDay,
  monthCells,
} from './calendar.ts';

const reminder = (over: Partial<PaymentReminder>): PaymentReminder => ({
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  subscriptionId: '00000000-0000-4000-8000-000000000003',
  dueDate: new Date(2026, 10, 30, 12).toISOString(),
  reminderDate: new Date(2026, 10, 23, 12).toISOString(),
  status: 'pending',
  reminderType: 'email',
  amount: 79.99,
  planType: 'premium',
  customerName: 'QA Test Mechanic',
  daysBefore: 7,
  sentAt: null,
  createdAt: new Date(2026, 10, 1).toISOString(),
  ...over,
});

describe('monthCells', () => {
  it('gives 35 days starting on the Sunday on or before the 1st', () => {
    const cells = monthCells(new Date(2026, 9, 15)); // October 2026 starts on a Thursday
    expect(cells).toHaveLength(CALENDAR_CELLS);
    expect(cells[0]!.getDay()).toBe(0);
    expect(dayKey(cells[0]!)).toBe('2026-09-27');
    expect(dayKey(cells[4]!)).toBe('2026-10-01');
    expect(dayKey(cells[34]!)).toBe('2026-10-31');
  });

  it('starts on the 1st when the month starts on a Sunday', () => {
    expect(dayKey(monthCells(new Date(2026, 10, 20))[0]!)).toBe('2026-11-01');
  });
});

describe('dueBadgeOf', () => {
  const now = new Date(2026, 10, 23, 9);
  const at = (days: number) => new Date(2026, 10, 23 + days, 18);
  it.each([
    [-1, 'Overdue'],
    [0, 'Due Tomorrow'],
    [1, 'Due Tomorrow'],
    [2, 'Due Soon'],
    [3, 'Due Soon'],
    [4, 'Due This Week'],
    [7, 'Due This Week'],
    [8, 'Scheduled'],
    [30, 'Scheduled'],
  ])('%i days away reads %s', (days, label) => {
    expect(dueBadgeOf(at(days), now).label).toBe(label);
    expect(daysUntil(at(days), now)).toBe(days);
  });

  it('makes an overdue date the loudest', () => {
    expect(dueBadgeOf(at(-3), now).variant).toBe('destructive');
    expect(dueBadgeOf(at(20), now).variant).toBe('outline');
  });
});

describe('eventsByDay', () => {
  it('puts one due entry per subscription on the due day and each reminder on its day', () => {
    const days = eventsByDay([
      reminder({ id: '00000000-0000-4000-8000-00000000000a' }),
      reminder({
        id: '00000000-0000-4000-8000-00000000000b',
        reminderDate: new Date(2026, 10, 27, 12).toISOString(),
        daysBefore: 3,
      }),
    ]);
    expect(days.get('2026-11-30')?.due).toEqual([
      { subscriptionId: '00000000-0000-4000-8000-000000000003', amount: 79.99 },
    ]);
    expect(days.get('2026-11-23')?.reminders).toHaveLength(1);
    expect(days.get('2026-11-27')?.reminders).toHaveLength(1);
  });
});

describe('activeReminders', () => {
  it('lists the first 10 by reminder date', () => {
    const list = Array.from({ length: 12 }, (_, i) =>
      reminder({
        id: `00000000-0000-4000-8000-0000000000${String(20 + i)}`,
        reminderDate: new Date(2026, 10, 28 - i).toISOString(),
      }),
    );
    const shown = activeReminders(list);
    expect(shown).toHaveLength(10);
    expect(shown[0]!.reminderDate).toBe(new Date(2026, 10, 17).toISOString());
  });
});

it('words the days before', () => {
  expect(daysBeforeText(7)).toBe('7 days before due date');
  expect(daysBeforeText(1)).toBe('1 day before due date');
});
