import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestBookableDate } from '../../../core/bookings/schemas.ts';
import { COMMENT_MAX } from '../../../core/reviews/stars.ts';
import { serviceProviders } from '../../db/schema/index.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { createTestApp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

/** A booking of the cast's mechanic, moved to the given status by an admin. */
async function jobOf(driverCookie: string, status?: 'completed' | 'confirmed') {
  const created = await t.api({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: driverCookie },
    payload: {
      providerId: cast.mechanic.providerId,
      serviceType: 'Brake Repair',
      description: 'Air brake warning light',
      preferredDate: earliestBookableDate(new Date(Date.now() + 12 * 3_600_000)),
      preferredTime: 'asap',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  if (status)
    await t.api({
      method: 'PATCH',
      url: `/api/admin/bookings/${id}`,
      payload: { status },
      headers: { cookie: cast.admin.cookie },
    });
  return id;
}

const rate = (cookie: string, payload: Record<string, unknown>) =>
  t.api({ method: 'POST', url: '/api/reviews', payload, headers: { cookie } });

describe('POST /api/reviews', () => {
  it('lets only the driver rate a completed job, once, and updates the rating in the same step', async () => {
    const { driver, otherDriver, mechanic } = cast;
    const id = await jobOf(driver.cookie);
    const stars = (cookie: string, rating: number) =>
      rate(cookie, { bookingId: id, rating, comment: 'Quick and fair' });
    expect((await stars(driver.cookie, 5)).statusCode).toBe(409);
    for (const status of ['confirmed', 'in_progress', 'completed'])
      await t.api({
        method: 'PATCH',
        url: `/api/bookings/${id}`,
        payload: { status },
        headers: { cookie: mechanic.cookie },
      });
    expect((await stars(mechanic.cookie, 5)).statusCode).toBe(403);
    expect((await stars(otherDriver.cookie, 5)).statusCode).toBe(404);
    expect((await stars(driver.cookie, 6)).statusCode).toBe(400);
    expect((await stars(driver.cookie, 4)).statusCode).toBe(201);
    expect((await stars(driver.cookie, 5)).statusCode).toBe(409);

    const second = await jobOf(otherDriver.cookie, 'completed');
    expect((await rate(otherDriver.cookie, { bookingId: second, rating: 5 })).statusCode).toBe(201);
    const [provider] = await t.app.database.db
      .select()
      .from(serviceProviders)
      .where(eq(serviceProviders.id, mechanic.providerId));
    expect(provider).toMatchObject({ rating: 4.5, reviewCount: 2 });
    const card = (
      await t.api({ method: 'GET', url: `/api/bookings/${id}`, headers: { cookie: driver.cookie } })
    ).json();
    expect(card.rated).toBe(true);

    // The provider hears of each review.
    const told = (
      await t.api({
        method: 'GET',
        url: '/api/notifications',
        headers: { cookie: mechanic.cookie },
      })
    ).json() as { title: string; message: string }[];
    expect(told.filter((n) => n.title === 'New review').map((n) => n.message)).toEqual(
      expect.arrayContaining([expect.stringContaining('4 of 5 stars. "Quick and fair"')]),
    );
  });

  it('keeps exactly one review when the driver sends it ten times at once', async () => {
    const id = await jobOf(cast.driver.cookie, 'completed');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => rate(cast.driver.cookie, { bookingId: id, rating: 3 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
  });

  it('shows the review on the provider with the reviewer as a first name and last initial', async () => {
    const id = await jobOf(cast.driver.cookie, 'completed');
    await rate(cast.driver.cookie, { bookingId: id, rating: 2, comment: '  Late, but fixed it  ' });
    const details = await t.api({
      method: 'GET',
      url: `/api/providers/${cast.mechanic.providerId}`,
    });
    const [first] = cast.driver.account.name.split(' ');
    expect(details.json().reviews[0]).toMatchObject({
      rating: 2,
      comment: 'Late, but fixed it',
      serviceType: 'Brake Repair',
      driverName: expect.stringMatching(new RegExp(`^${first} .\\.$`)),
    });
  });

  it.each([
    ['no rating', {}, 'rating'],
    ['zero stars', { rating: 0 }, 'rating'],
    ['six stars', { rating: 6 }, 'rating'],
    ['half a star', { rating: 2.5 }, 'rating'],
    ['stars as text', { rating: '5' }, 'rating'],
    ['a comment too long', { rating: 5, comment: 'x'.repeat(COMMENT_MAX + 1) }, 'comment'],
    ['a comment that is not text', { rating: 5, comment: 5 }, 'comment'],
  ])('refuses %s with a message for the field', async (_what, payload, field) => {
    const id = await jobOf(cast.driver.cookie, 'completed');
    const response = await rate(cast.driver.cookie, { bookingId: id, ...payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(field, expect.any(String));
  });

  it('answers 400 to a malformed booking id and 404 to an unknown one', async () => {
    expect((await rate(cast.driver.cookie, { bookingId: 'nope', rating: 5 })).statusCode).toBe(400);
    const unknown = { bookingId: '00000000-0000-4000-8000-000000000000', rating: 5 };
    expect((await rate(cast.driver.cookie, unknown)).statusCode).toBe(404);
  });
});
