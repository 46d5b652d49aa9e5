import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribe } from '../../test/billing.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { createTestApp } from '../../test/test-app.ts';
import { USER_LIMITS } from './user-limits.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp({ routeRateLimitScale: 1 });
  cast = await createCast(t.app, {
    provider: { latitude: 39.74, longitude: -104.99 },
    otherProvider: { latitude: 39.75, longitude: -104.99 },
  });
});
afterAll(() => t.close());

const post = (url: string, cookie: string, payload?: object) =>
  t.api({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

const hourly = (name: keyof typeof USER_LIMITS) => USER_LIMITS[name].windows[0].max;

function expectLimited(response: Awaited<ReturnType<typeof post>>, refusal: string) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  expect(response.json()).toEqual({
    error: expect.stringMatching(
      new RegExp(`^${refusal}\\. Please try again in \\d+ minutes?\\.$`),
    ),
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

describe('per-user limits', () => {
  it(`a driver makes at most ${hourly('booking')} bookings an hour; another driver still books`, async () => {
    const booking = () => ({ providerId: cast.mechanic.providerId, serviceType: 'Brake Repair' });
    for (let i = 0; i < hourly('booking'); i += 1)
      expect((await post('/api/bookings', cast.driver.cookie, booking())).statusCode).toBe(201);
    expectLimited(
      await post('/api/bookings', cast.driver.cookie, booking()),
      USER_LIMITS.booking.refusal,
    );
    expect((await post('/api/bookings', cast.otherDriver.cookie, booking())).statusCode).toBe(201);
  });

  it('counts only requests that pass access and validation', async () => {
    // Refused before the limit: a signed-out caller (401) and a bad body (400) use up nothing.
    expect(
      (await t.api({ method: 'POST', url: '/api/help-requests', payload: {} })).statusCode,
    ).toBe(401);
    for (let i = 0; i < hourly('helpRequest') + 2; i += 1)
      expect((await post('/api/help-requests', cast.driver.cookie, {})).statusCode).toBe(400);
  });

  it(`a driver sends at most ${hourly('helpRequest')} help requests an hour`, async () => {
    const ask = () =>
      post('/api/help-requests', cast.driver.cookie, {
        serviceType: 'Brake Repair',
        latitude: 39.7392,
        longitude: -104.9903,
      });
    for (let i = 0; i < hourly('helpRequest'); i += 1) {
      const asked = await ask();
      expect(asked.statusCode, asked.body).toBe(201);
      const cancelled = await post(
        `/api/help-requests/${asked.json().id}/cancel`,
        cast.driver.cookie,
      );
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    expectLimited(await ask(), USER_LIMITS.helpRequest.refusal);
  });

  it(`an owner sends at most ${hourly('teamInvite')} invitations an hour`, async () => {
    await subscribe(t, cast.mechanic.cookie, 'enterprise');
    const invite = (i: number) =>
      post('/api/team/invites', cast.mechanic.cookie, {
        email: `crew${i}-${randomUUID().slice(0, 8)}@example.com`,
        role: 'technician',
      });
    for (let i = 0; i < hourly('teamInvite'); i += 1) {
      const sent = await invite(i);
      expect(sent.statusCode, sent.body).toBe(201);
    }
    expectLimited(await invite(99), USER_LIMITS.teamInvite.refusal);
  });

  it(`a business sends at most ${hourly('supportRequest')} support requests an hour per person`, async () => {
    const ask = () =>
      post('/api/support-requests', cast.otherMechanic.cookie, {
        subject: 'Payout question',
        message: 'When does my first payout arrive?',
      });
    for (let i = 0; i < hourly('supportRequest'); i += 1)
      expect((await ask()).statusCode).toBe(201);
    expectLimited(await ask(), USER_LIMITS.supportRequest.refusal);
  });

  it(`a user sends at most ${hourly('reminderSend')} reminders an hour, counted per user`, async () => {
    const send = (cookie: string) => post(`/api/payment-reminders/${randomUUID()}/send`, cookie);
    for (let i = 0; i < hourly('reminderSend'); i += 1)
      expect((await send(cast.mechanic.cookie)).statusCode).toBe(404);
    expectLimited(await send(cast.mechanic.cookie), USER_LIMITS.reminderSend.refusal);
    expect((await send(cast.otherMechanic.cookie)).statusCode).toBe(404);
  });
});
