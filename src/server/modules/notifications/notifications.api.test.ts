import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestBookableDate } from '../../../core/bookings/schemas.ts';
import { createCast, type TestAccount, type TestMechanic } from '../../test/cast.ts';
import { createTestApp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let driver: TestAccount;
let mechanic: TestMechanic;
let stranger: TestAccount;
let providerId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({
    driver,
    mechanic,
    otherDriver: stranger,
  } = await createCast(t.app, { provider: { businessName: 'Red River Diesel' } }));
  providerId = mechanic.providerId;
});
afterAll(() => t.close());

type Note = {
  id: string;
  title: string;
  message: string;
  read: boolean;
  type: string;
  metadata: { bookingId?: string } | null;
};
const inbox = async (cookie: string) =>
  (await t.api({ method: 'GET', url: '/api/notifications', headers: { cookie } })).json() as Note[];
const move = (cookie: string, id: string, status: string) =>
  t.api({ method: 'PATCH', url: `/api/bookings/${id}`, payload: { status }, headers: { cookie } });

describe('notifications from booking events', () => {
  it('tells the provider about a request and the driver about each step, with a review request at the end', async () => {
    const created = await t.api({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: driver.cookie },
      payload: {
        providerId,
        serviceType: 'Engine Diagnostics',
        preferredDate: earliestBookableDate(new Date(Date.now() + 86_400_000)),
        location: 'I-45 S, Hutchins, TX',
      },
    });
    const id = created.json().id as string;
    expect((await inbox(mechanic.cookie))[0]).toMatchObject({
      title: 'New booking request',
      read: false,
      metadata: { bookingId: id },
    });
    expect((await inbox(mechanic.cookie))[0]!.message).toContain('I-45 S, Hutchins, TX');

    const confirmed = await move(mechanic.cookie, id, 'confirmed');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await inbox(driver.cookie))[0]).toMatchObject({
      title: 'Booking confirmed',
      message: 'Red River Diesel confirmed your Engine Diagnostics request.',
    });
    await move(mechanic.cookie, id, 'in_progress');
    expect((await inbox(driver.cookie))[0]!.title).toBe('Job started');
    await move(mechanic.cookie, id, 'completed');
    expect((await inbox(driver.cookie))[0]).toMatchObject({
      title: 'Job completed',
      type: 'review_request',
    });
    expect(await inbox(stranger.cookie)).toEqual([]);
  });

  it('tells the other side about a cancellation', async () => {
    const id = (
      await t.api({
        method: 'POST',
        url: '/api/bookings',
        headers: { cookie: driver.cookie },
        payload: { providerId, serviceType: 'Brake Repair' },
      })
    ).json().id as string;
    await move(driver.cookie, id, 'cancelled');
    expect((await inbox(mechanic.cookie))[0]).toMatchObject({
      title: 'Booking cancelled',
      metadata: { bookingId: id },
    });
  });
});

describe('the notification calls', () => {
  it('mark read, mark all read and dismiss work on your own notifications only', async () => {
    const [first, second] = await inbox(driver.cookie);
    const patch = (cookie: string, id: string) =>
      t.api({
        method: 'PATCH',
        url: `/api/notifications/${id}`,
        payload: { read: true },
        headers: { cookie },
      });
    expect((await patch(stranger.cookie, first!.id)).statusCode).toBe(404);
    expect(
      (
        await t.api({
          method: 'DELETE',
          url: `/api/notifications/${first!.id}`,
          headers: { cookie: stranger.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect((await patch(driver.cookie, first!.id)).json().read).toBe(true);
    expect(
      (
        await t.api({
          method: 'PATCH',
          url: `/api/notifications/${first!.id}`,
          payload: { read: false },
          headers: { cookie: driver.cookie },
        })
      ).statusCode,
    ).toBe(400);

    const all = await t.api({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie: driver.cookie },
    });
    expect(all.json().updated).toBeGreaterThan(0);
    expect((await inbox(driver.cookie)).every((n) => n.read)).toBe(true);
    expect((await inbox(mechanic.cookie)).some((n) => !n.read)).toBe(true);

    expect(
      (
        await t.api({
          method: 'DELETE',
          url: `/api/notifications/${second!.id}`,
          headers: { cookie: driver.cookie },
        })
      ).statusCode,
    ).toBe(204);
    expect((await inbox(driver.cookie)).map((n) => n.id)).not.toContain(second!.id);
  });
});
