import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestBookableDate } from '../../../core/bookings/schemas.ts';
import { bookings } from '../../db/schema/index.ts';
import { createCast, type TestAccount, type TestMechanic } from '../../test/cast.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let driver: TestAccount;
let otherDriver: TestAccount;
let mechanic: TestMechanic;
let otherMechanic: TestAccount;
let admin: TestAccount;
let providerId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ driver, otherDriver, mechanic, otherMechanic, admin } = await createCast(t.app, {
    provider: { visitFee: 1.15 },
  }));
  providerId = mechanic.providerId;
});
afterAll(() => t.close());

const today = () => earliestBookableDate(new Date(Date.now() + 12 * 3_600_000));
const booking = (overrides: Record<string, unknown> = {}) => ({
  providerId,
  serviceType: 'Brake Repair',
  description: 'Air brake warning light',
  vehicleDetails: '2019 Peterbilt 579',
  preferredDate: today(),
  preferredTime: 'asap',
  location: 'I-35E & Commerce St, Dallas, TX',
  ...overrides,
});
const book = (
  cookie: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) => t.api({ method: 'POST', url: '/api/bookings', payload, headers: { cookie, ...headers } });
const move = (cookie: string, id: string, payload: Record<string, unknown>) =>
  t.api({ method: 'PATCH', url: `/api/bookings/${id}`, payload, headers: { cookie } });

describe('POST /api/bookings', () => {
  it('creates a pending booking for the signed-in driver with fees computed in cents', async () => {
    const response = await book(driver.cookie, booking());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      driverId: driver.user.id,
      providerId,
      status: 'pending',
      serviceType: 'Brake Repair',
      preferredTime: 'asap',
      visitFee: 1.15,
      platformFee: 0.12,
      estimatedCost: 1.27,
      rated: false,
      driver: { name: driver.account.name },
    });
    expect(response.json().preferredDate.slice(0, 10)).toBe(today());
  });

  it('takes the driver from the session: another driverId is refused', async () => {
    const response = await book(driver.cookie, booking({ driverId: otherDriver.user.id }));
    expect(response.statusCode).toBe(403);
    expect((await book(driver.cookie, booking({ driverId: driver.user.id }))).statusCode).toBe(201);
  });

  it.each([
    ['a service the provider does not offer', { serviceType: 'Tire Repair' }, 400],
    ['a date before today', { preferredDate: '2020-01-01' }, 400],
    ['a malformed date', { preferredDate: '2026-02-30' }, 400],
    ['an unknown preferred time', { preferredTime: 'midnight' }, 400],
    ['an unknown provider', { providerId: '00000000-0000-4000-8000-000000000000' }, 404],
  ])('refuses %s', async (_what, overrides, status) => {
    expect((await book(driver.cookie, booking(overrides))).statusCode).toBe(status);
  });

  it('refuses an offline or unapproved provider, and non-drivers', async () => {
    const offline = await insertOwnedProvider(
      t.app.database.db,
      (await signUp(t.app, { role: 'mechanic' })).user.id,
      { status: 'offline' },
    );
    expect((await book(driver.cookie, booking({ providerId: offline.id }))).statusCode).toBe(409);
    const pending = await insertOwnedProvider(
      t.app.database.db,
      (await signUp(t.app, { role: 'mechanic' })).user.id,
      { verification: 'pending' },
    );
    expect((await book(driver.cookie, booking({ providerId: pending.id }))).statusCode).toBe(404);
    expect((await book(mechanic.cookie, booking())).statusCode).toBe(403);
    expect(
      (await t.api({ method: 'POST', url: '/api/bookings', payload: booking() })).statusCode,
    ).toBe(401);
  });

  it('replays the first answer for a reused Idempotency-Key, and refuses it with another body', async () => {
    const key = { 'idempotency-key': `key-${Date.now()}-replay` };
    const first = await book(driver.cookie, booking({ description: 'once' }), key);
    const again = await book(driver.cookie, booking({ description: 'once' }), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const changed = await book(driver.cookie, booking({ description: 'twice' }), key);
    expect(changed.statusCode).toBe(422);
  });

  it('makes exactly one booking from 50 concurrent requests with one key', async () => {
    const key = { 'idempotency-key': `key-${Date.now()}-concurrent` };
    const before = (
      await t.app.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.driverId, otherDriver.user.id))
    ).length;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        book(otherDriver.cookie, booking({ description: 'storm' }), key),
      ),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const after = (
      await t.app.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.driverId, otherDriver.user.id))
    ).length;
    expect(after - before).toBe(1);
  });
});

describe('where the truck is', () => {
  it('keeps the place on the booking and tells the provider a truck beside traffic is urgent', async () => {
    const created = await book(
      driver.cookie,
      booking({ serviceType: 'Emergency Service', truckLocation: 'shoulder' }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().truckLocation).toBe('shoulder');
    const seen = await t.api({
      method: 'GET',
      url: `/api/bookings/${created.json().id}`,
      headers: { cookie: mechanic.cookie },
    });
    expect(seen.json().truckLocation).toBe('shoulder');
    const told = (
      await t.api({
        method: 'GET',
        url: '/api/notifications',
        headers: { cookie: mechanic.cookie },
      })
    ).json() as { title: string; message: string; metadata: { bookingId?: string } }[];
    expect(told.find((n) => n.metadata.bookingId === created.json().id)).toMatchObject({
      title: 'Urgent booking request',
      message: expect.stringMatching(/requested Emergency Service.* Truck on the shoulder\.$/),
    });
  });

  it('leaves it empty when not asked, and a lot is not urgent', async () => {
    expect((await book(driver.cookie, booking())).json().truckLocation).toBeNull();
    const lot = await book(driver.cookie, booking({ truckLocation: 'parking' }));
    const told = (
      await t.api({
        method: 'GET',
        url: '/api/notifications',
        headers: { cookie: mechanic.cookie },
      })
    ).json() as { title: string; metadata: { bookingId?: string } }[];
    expect(told.find((n) => n.metadata.bookingId === lot.json().id)?.title).toBe(
      'New booking request',
    );
  });

  it.each([['ditch'], [''], [3], [null]])('refuses the place %j with a message', async (place) => {
    const response = await book(driver.cookie, booking({ truckLocation: place }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.truckLocation).toBe(
      'Where is the truck: travel_lane, shoulder or parking',
    );
  });
});

describe('who sees and changes a booking', () => {
  it('scopes the list: the driver, the provider, everything for an admin', async () => {
    const mine = (await book(driver.cookie, booking())).json();
    const list = async (cookie: string) =>
      (await t.api({ method: 'GET', url: '/api/bookings', headers: { cookie } })).json() as {
        id: string;
        driverId: string;
      }[];
    expect((await list(driver.cookie)).every((b) => b.driverId === driver.user.id)).toBe(true);
    expect((await list(driver.cookie)).map((b) => b.id)).toContain(mine.id);
    expect((await list(otherDriver.cookie)).map((b) => b.id)).not.toContain(mine.id);
    expect((await list(mechanic.cookie)).map((b) => b.id)).toContain(mine.id);
    expect((await list(otherMechanic.cookie)).map((b) => b.id)).not.toContain(mine.id);
    expect((await list(admin.cookie)).map((b) => b.id)).toContain(mine.id);
  });

  it('answers 404 to another driver or another provider, for reading and for changing', async () => {
    const mine = (await book(driver.cookie, booking())).json();
    for (const outsider of [otherDriver, otherMechanic]) {
      expect(
        (
          await t.api({
            method: 'GET',
            url: `/api/bookings/${mine.id}`,
            headers: { cookie: outsider.cookie },
          })
        ).statusCode,
      ).toBe(404);
      expect((await move(outsider.cookie, mine.id, { status: 'cancelled' })).statusCode).toBe(404);
    }
    expect(
      (
        await t.api({
          method: 'GET',
          url: `/api/bookings/${mine.id}`,
          headers: { cookie: driver.cookie },
        })
      ).json().status,
    ).toBe('pending');
  });

  it('walks the status machine: provider confirms, starts and completes with the actual cost', async () => {
    const id = (await book(driver.cookie, booking())).json().id;
    expect((await move(driver.cookie, id, { status: 'confirmed' })).statusCode).toBe(409);
    expect((await move(mechanic.cookie, id, { status: 'in_progress' })).statusCode).toBe(409);
    expect((await move(mechanic.cookie, id, { status: 'confirmed' })).json().status).toBe(
      'confirmed',
    );
    expect((await move(mechanic.cookie, id, { status: 'in_progress' })).json().status).toBe(
      'in_progress',
    );
    expect((await move(driver.cookie, id, { status: 'cancelled' })).statusCode).toBe(409);
    const done = await move(mechanic.cookie, id, { status: 'completed', actualCost: 245.5 });
    expect(done.json()).toMatchObject({ status: 'completed', actualCost: 245.5 });
    expect((await move(mechanic.cookie, id, { status: 'cancelled' })).statusCode).toBe(409);
  });

  it('lets the driver cancel while pending or confirmed, the provider decline, and an admin set anything', async () => {
    const a = (await book(driver.cookie, booking())).json().id;
    expect((await move(driver.cookie, a, { status: 'cancelled' })).json().status).toBe('cancelled');
    const b = (await book(driver.cookie, booking())).json().id;
    expect((await move(mechanic.cookie, b, { status: 'cancelled' })).json().status).toBe(
      'cancelled',
    );
    const c = (await book(driver.cookie, booking())).json().id;
    expect(
      (
        await t.api({
          method: 'PATCH',
          url: `/api/admin/bookings/${c}`,
          payload: { status: 'completed' },
          headers: { cookie: driver.cookie },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.api({
          method: 'PATCH',
          url: `/api/admin/bookings/${c}`,
          payload: { status: 'completed' },
          headers: { cookie: admin.cookie },
        })
      ).json().status,
    ).toBe('completed');
  });
});
