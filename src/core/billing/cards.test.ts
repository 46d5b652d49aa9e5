import { describe, expect, it } from 'vitest';
import { cardBrand, isExpired, passesLuhn } from './cards.ts';
import { dueBadge, reminderTypeFor, renewsInTitle } from './reminders.ts';

describe('cards', () => {
  it('check numbers with Luhn, spaces and dashes allowed', () => {
    expect(passesLuhn('4242 4242 4242 4242')).toBe(true);
    expect(passesLuhn('4000-0025-0000-3155')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4242 4242 4242 4241')).toBe(false);
    expect(passesLuhn('4242')).toBe(false);
    expect(passesLuhn('4242a4242b4242c4242')).toBe(false);
  });

  it('tell the brand from the number', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555 5555 5555 4444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });

  it('expire after the last day of the expiry month', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(isExpired(11, 2026, now)).toBe(false);
    expect(isExpired(10, 2026, now)).toBe(true);
    expect(isExpired(1, 27, now)).toBe(false);
    expect(isExpired(12, 25, now)).toBe(true);
  });
});

describe('reminders', () => {
  it('type: email 7+ days before, sms 3+, else push', () => {
    expect([14, 7, 6, 3, 2, 1].map(reminderTypeFor)).toEqual([
      'email',
      'email',
      'sms',
      'sms',
      'push',
      'push',
    ]);
  });

  it('badge a due date as the payment calendar does', () => {
    expect([-1, 0, 1, 3, 7, 8].map(dueBadge)).toEqual([
      'Overdue',
      'Due Tomorrow',
      'Due Tomorrow',
      'Due Soon',
      'Due This Week',
      'Scheduled',
    ]);
  });
});

describe('renewsInTitle', () => {
  const due = new Date('2026-12-10T12:00:00Z');
  const before = (ms: number) => new Date(due.getTime() - ms);
  const DAY = 86_400_000;

  it('counts whole days left, rounded up, so a reminder sent a minute late keeps its number', () => {
    expect(renewsInTitle('Premium', due, before(3 * DAY - 60_000))).toBe(
      'Your Premium plan renews in 3 days',
    );
    expect(renewsInTitle('Basic', due, before(DAY - 60_000))).toBe(
      'Your Basic plan renews in 1 day',
    );
    expect(renewsInTitle('Premium', due, due)).toBe('Your Premium plan renews today');
    expect(renewsInTitle('Premium', due, new Date(due.getTime() + DAY))).toBe(
      'Your Premium plan renews today',
    );
  });
});
