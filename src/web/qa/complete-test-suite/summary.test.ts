import { describe, expect, it } from 'vitest';
import { buildSummary, groupProgress } from './summary.ts';
import { sessionChecks } from '../auth-test/auth-checks.ts';
import { sendReminderCheck } from '../calendar-test/reminder-checks.ts';
import { achCheck, historyCheck, subscribeCheck } from '../payment-test/payment-checks.ts';
import { suiteGroups } from './groups.ts';

const group = {
  id: 'g',
  name: 'Group',
  checks: [
    { id: 'a', name: 'A' },
    { id: 'b', name: 'B' },
    { id: 'c', name: 'C' },
  ],
};

describe('groupProgress', () => {
  it('counts finished checks; running ones are pending', () => {
    expect(
      groupProgress(group, {
        a: { status: 'passed' },
        b: { status: 'failed', detail: 'x' },
        c: { status: 'running' },
      }),
    ).toEqual({ total: 3, passed: 1, failed: 1, pending: 1, done: 2 });
  });
});

describe('buildSummary', () => {
  it('lists every test with what came back, and the totals', () => {
    const summary = buildSummary({
      groups: [group],
      results: {
        a: { status: 'passed', detail: 'ok', httpStatus: 200, message: 'OK', ms: 12 },
        b: { status: 'failed', detail: 'Expected 200, got 500: boom', httpStatus: 500, ms: 3 },
      },
      startedAt: '2026-01-01T00:00:00.000Z',
      finishedAt: null,
      setup: { status: 'ok' },
      cleanup: { status: 'idle' },
    });
    expect(summary.totals).toEqual({ total: 3, passed: 1, failed: 1, pending: 1 });
    expect(summary.startedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(summary.tests).toEqual([
      {
        group: 'Group',
        name: 'A',
        status: 'passed',
        httpStatus: 200,
        message: 'OK',
        ms: 12,
        detail: 'ok',
      },
      {
        group: 'Group',
        name: 'B',
        status: 'failed',
        httpStatus: 500,
        message: null,
        ms: 3,
        detail: 'Expected 200, got 500: boom',
      },
      {
        group: 'Group',
        name: 'C',
        status: 'pending',
        httpStatus: null,
        message: null,
        ms: null,
        detail: null,
      },
    ]);
  });
});

describe('suiteGroups', () => {
  it('has the eight groups in order, five checks each, unique ids', () => {
    expect(suiteGroups.map((g) => g.name)).toEqual([
      'Authentication System',
      'Service Provider Management',
      'Location & Search',
      'Booking System',
      'Payment Integration',
      'Calendar & Reminders',
      'Database Operations',
      'Security & Validation',
    ]);
    for (const g of suiteGroups) expect(g.checks).toHaveLength(5);
    const ids = suiteGroups.flatMap((g) => g.checks.map((c) => c.id));
    expect(new Set(ids).size).toBe(40);
  });
});

describe("the suite's checks are the pages' checks", () => {
  it("runs the Authentication Test page's session checks as its authentication group", () => {
    const auth = suiteGroups.find((g) => g.id === 'auth')!;
    expect(auth.checks.map((c) => [c.id, c.name])).toEqual(
      sessionChecks.map((c) => [`auth-${c.id}`, c.name]),
    );
  });

  it("runs the Payment Test page's subscription, history and ACH checks in its payment group", () => {
    const payment = suiteGroups.find((g) => g.id === 'payment')!;
    const names = new Map(payment.checks.map((c) => [c.id, c.name]));
    for (const check of [subscribeCheck, historyCheck, achCheck])
      expect(names.get(`payment-${check.id}`)).toBe(check.name);
  });

  it("sends the reminder with the Payment Reminder Calendar page's check", () => {
    const calendar = suiteGroups.find((g) => g.id === 'calendar')!;
    expect(calendar.checks.find((c) => c.id === `calendar-${sendReminderCheck.id}`)?.name).toBe(
      sendReminderCheck.name,
    );
  });
});
