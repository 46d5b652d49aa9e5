import { describe, expect, it } from 'vitest';
import { notificationPreferencesInputSchema } from './notification-preferences-schemas.ts';
import { categoriesFor, defaultCategoryChoices, quietUntil } from './notification-preferences.ts';

const at = (iso: string) => new Date(iso);

describe('quietUntil', () => {
  const night = { start: '22:00', end: '07:00' };

  it('answers the end of a window that runs past midnight, in the user’s time zone', () => {
    // 02:30 in Chicago (CST, UTC−6) is 08:30 UTC; quiet until 07:00 local = 13:00 UTC.
    expect(quietUntil(at('2026-11-26T08:30:00Z'), night, 'America/Chicago')).toEqual(
      at('2026-11-26T13:00:00Z'),
    );
    // 23:15 local, before midnight: the same window ends next morning.
    expect(quietUntil(at('2026-11-27T05:15:00Z'), night, 'America/Chicago')).toEqual(
      at('2026-11-27T13:00:00Z'),
    );
  });

  it('answers null outside the window, at its end, and without quiet hours', () => {
    expect(quietUntil(at('2026-11-26T13:00:00Z'), night, 'America/Chicago')).toBeNull();
    expect(quietUntil(at('2026-11-26T20:00:00Z'), night, 'America/Chicago')).toBeNull();
    expect(quietUntil(at('2026-11-26T08:30:00Z'), null, 'America/Chicago')).toBeNull();
  });

  it('takes a window inside one day and starts it on the minute', () => {
    const lunch = { start: '12:00', end: '13:30' };
    expect(quietUntil(at('2026-06-01T12:00:00Z'), lunch, 'UTC')).toEqual(
      at('2026-06-01T13:30:00Z'),
    );
    expect(quietUntil(at('2026-06-01T11:59:59Z'), lunch, 'UTC')).toBeNull();
    expect(quietUntil(at('2026-06-01T13:30:00Z'), lunch, 'UTC')).toBeNull();
  });

  it('follows summer time: 22:00 in Chicago is 03:00 UTC in June, 04:00 in December', () => {
    expect(quietUntil(at('2026-06-01T03:00:00Z'), night, 'America/Chicago')).toEqual(
      at('2026-06-01T12:00:00Z'),
    );
    expect(quietUntil(at('2026-06-01T02:59:00Z'), night, 'America/Chicago')).toBeNull();
    expect(quietUntil(at('2026-12-01T04:00:00Z'), night, 'America/Chicago')).toEqual(
      at('2026-12-01T13:00:00Z'),
    );
  });
});

describe('defaults per role', () => {
  it('rings a provider for job requests, and never texts anyone by default', () => {
    expect(defaultCategoryChoices('mechanic').job_requests).toEqual({
      in_app: true,
      push: true,
      email: true,
      sms: false,
    });
    for (const role of ['driver', 'mechanic', 'admin'] as const)
      for (const channels of Object.values(defaultCategoryChoices(role)))
        expect(channels.sms).toBe(false);
  });

  it('shows a driver no job requests', () => {
    expect(categoriesFor('driver')).not.toContain('job_requests');
    expect(categoriesFor('mechanic')).toContain('job_requests');
  });
});

describe('the preferences a client sends', () => {
  const valid = {
    channels: defaultCategoryChoices('driver'),
    quietHours: { start: '22:00', end: '06:30' },
    timeZone: 'America/Denver',
  };

  it('takes a whole set', () => {
    expect(notificationPreferencesInputSchema.parse(valid)).toEqual(valid);
    expect(
      notificationPreferencesInputSchema.parse({ ...valid, quietHours: null }).quietHours,
    ).toBe(null);
  });

  it.each([
    [
      'a time past 23:59',
      { quietHours: { start: '24:00', end: '06:00' } },
      'Use a time like 22:00',
    ],
    [
      'quiet hours that start when they end',
      { quietHours: { start: '22:00', end: '22:00' } },
      'Quiet hours must start and end at different times',
    ],
    [
      'an unknown time zone',
      { timeZone: 'Mars/Olympus' },
      'Time zone must be one like America/Chicago',
    ],
  ])('refuses %s', (_what, change, message) => {
    const result = notificationPreferencesInputSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('refuses a set missing a category or a channel', () => {
    const { reviews: _gone, ...fewer } = valid.channels;
    expect(
      notificationPreferencesInputSchema.safeParse({ ...valid, channels: fewer }).success,
    ).toBe(false);
    const noSms = { ...valid.channels, payments: { in_app: true, push: true, email: true } };
    expect(
      notificationPreferencesInputSchema.safeParse({ ...valid, channels: noSms }).success,
    ).toBe(false);
  });
});
