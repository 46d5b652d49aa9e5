import { describe, expect, it } from 'vitest';
import type { PaymentReminder } from '#core/billing/schemas.ts';
import { remindersWithin, schedulingProblem, testReminderDates } from './reminder-test.ts';

const DAY = 86_400_000;
const now = new Date('2026-11-23T12:00:00.000Z');

const reminder = (daysAhead: number, daysBefore: number, type: PaymentReminder['reminderType']) => {
  const reminderDate = new Date(now.getTime() + daysAhead * DAY);
  return {
    id: '00000000-0000-4000-8000-000000000001',
    userId: '00000000-0000-4000-8000-000000000002',
    subscriptionId: '00000000-0000-4000-8000-000000000003',
    dueDate: new Date(reminderDate.getTime() + daysBefore * DAY).toISOString(),
    reminderDate: reminderDate.toISOString(),
    status: 'pending',
    reminderType: type,
    amount: 79.99,
    planType: 'premium',
    customerName: 'QA Test Mechanic',
    daysBefore,
    sentAt: null,
    createdAt: now.toISOString(),
  } satisfies PaymentReminder;
};

describe('the test reminder', () => {
  it('is due in 7 days with the reminder 4 days before', () => {
    const { dueDate, reminderDate } = testReminderDates(now);
    expect(dueDate).toBe('2026-11-30T12:00:00.000Z');
    expect(reminderDate).toBe('2026-11-26T12:00:00.000Z');
  });
});

describe('remindersWithin', () => {
  it('keeps reminders of the next 30 days', () => {
    const list = [reminder(3, 4, 'sms'), reminder(29, 7, 'email'), reminder(31, 1, 'push')];
    expect(remindersWithin(list, now).map((r) => r.daysBefore)).toEqual([4, 7]);
  });
});

describe('schedulingProblem', () => {
  it('accepts the type its days before call for', () => {
    expect(schedulingProblem(reminder(1, 7, 'email'))).toBeNull();
    expect(schedulingProblem(reminder(1, 4, 'sms'))).toBeNull();
    expect(schedulingProblem(reminder(1, 1, 'push'))).toBeNull();
  });

  it('reports a wrong type or inconsistent days', () => {
    expect(schedulingProblem(reminder(1, 7, 'push'))).toMatch(/expected email/);
    expect(schedulingProblem({ ...reminder(1, 3, 'sms'), daysBefore: 5 })).toMatch(/says 5/);
  });
});
