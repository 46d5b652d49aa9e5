import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestBookableDate } from '../../../core/bookings/schemas.ts';
import { subscribe } from '../../test/billing.ts';
import { openEventStream } from '../../test/event-stream.ts';
import { createCast, type TestAccount, type TestMechanic } from '../../test/cast.ts';
import { createTestApp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let baseUrl: string;
let driver: TestAccount;
let otherDriver: TestAccount;
let mechanic: TestMechanic;
let otherMechanic: TestMechanic;
let admin: TestAccount;
let providerId: string;
type Stream = Awaited<ReturnType<typeof openEventStream>>;
const streams: Stream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  ({ driver, otherDriver, mechanic, otherMechanic, admin } = await createCast(t.app));
  providerId = mechanic.providerId;
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

const open = async (cookie?: string) => {
  const stream = await openEventStream(baseUrl, cookie);
  streams.push(stream);
  return stream;
};
const call = (
  method: 'POST' | 'PATCH' | 'PUT' | 'GET',
  url: string,
  cookie: string,
  payload?: object,
) => t.api({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
let markers = 0;
/**
 * Resolves once every event committed before the call has reached `streams`: a marker goes to
 * everyone after them, on the event bus's one channel (events/event-bus.ts), which keeps the
 * order, so a stream that has the marker has everything sent before it. The marker is a
 * provider-status event for no provider, which the checks below leave out like any other.
 */
const heardEverything = async (...streams: Stream[]) => {
  const id = `marker-${++markers}`;
  const event = {
    type: 'provider-status',
    data: { id, status: 'available', rating: 0, reviewCount: 0 },
  };
  await t.app.database.db.execute(
    sql`select pg_notify('truck_finder_events', ${JSON.stringify({ to: { everyone: true }, event })})`,
  );
  await Promise.all(streams.map((stream) => stream.next('provider-status', (p) => p.id === id)));
};

describe('GET /api/events', () => {
  it('streams Server-Sent Events to anyone, signed in or not', async () => {
    const stream = await open();
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toContain('no-store');
  });

  it("delivers a booking's events to its driver, its provider and admins, and to no one else", async () => {
    const [
      driverStream,
      mechanicStream,
      adminStream,
      otherDriverStream,
      otherMechanicStream,
      anonymous,
    ] = await Promise.all([
      open(driver.cookie),
      open(mechanic.cookie),
      open(admin.cookie),
      open(otherDriver.cookie),
      open(otherMechanic.cookie),
      open(),
    ]);
    const created = await call('POST', '/api/bookings', driver.cookie, {
      providerId,
      serviceType: 'Brake Repair',
      preferredDate: earliestBookableDate(new Date(Date.now() + 12 * 3_600_000)),
      preferredTime: 'asap',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;

    expect(await mechanicStream.next('booking', (b) => b.id === id)).toEqual({
      id,
      status: 'pending',
    });
    expect(await mechanicStream.next('notification')).toMatchObject({
      title: 'New booking request',
    });
    await driverStream.next('booking', (b) => b.id === id);
    await adminStream.next('booking', (b) => b.id === id);

    expect(
      (await call('PATCH', `/api/bookings/${id}`, mechanic.cookie, { status: 'confirmed' }))
        .statusCode,
    ).toBe(200);
    await driverStream.next('booking', (b) => b.id === id && b.status === 'confirmed');
    expect(await driverStream.next('notification')).toMatchObject({ title: 'Booking confirmed' });

    await heardEverything(driverStream, otherDriverStream, otherMechanicStream, anonymous);
    for (const outsider of [otherDriverStream, otherMechanicStream, anonymous])
      expect(outsider.received.filter((e) => e.type !== 'provider-status')).toEqual([]);
    expect(
      driverStream.received.some(
        (e) => e.type === 'notification' && e.data.title === 'New booking request',
      ),
    ).toBe(false);
  });

  it("shares the provider's position with the driver during the job only, and stops at completion", async () => {
    // Real-time tracking is a Premium feature.
    await subscribe(t, mechanic.cookie, 'premium');
    const [driverStream, otherDriverStream] = await Promise.all([
      open(driver.cookie),
      open(otherDriver.cookie),
    ]);
    const id = (
      await call('POST', '/api/bookings', driver.cookie, {
        providerId,
        serviceType: 'Brake Repair',
      })
    ).json<{ id: string }>().id;
    const position = { latitude: 32.78, longitude: -96.8, accuracy: 12 };
    const share = (cookie: string, body: object = position) =>
      call('PUT', `/api/bookings/${id}/position`, cookie, body);

    expect((await share(mechanic.cookie)).statusCode).toBe(409); // not started yet
    await call('PATCH', `/api/bookings/${id}`, mechanic.cookie, { status: 'confirmed' });
    await call('PATCH', `/api/bookings/${id}`, mechanic.cookie, { status: 'in_progress' });

    expect((await share(driver.cookie)).statusCode).toBe(403);
    expect((await share(otherMechanic.cookie)).statusCode).toBe(404);
    expect((await share(mechanic.cookie, { latitude: 91, longitude: 0 })).statusCode).toBe(400);
    const shared = await share(mechanic.cookie);
    expect(shared.statusCode).toBe(200);
    expect(await driverStream.next('tracking', (p) => p.bookingId === id)).toMatchObject(position);

    expect((await call('GET', `/api/bookings/${id}/position`, driver.cookie)).json()).toMatchObject(
      position,
    );
    expect((await call('GET', `/api/bookings/${id}/position`, admin.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/bookings/${id}/position`, otherDriver.cookie)).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `/api/bookings/${id}/position`, otherMechanic.cookie)).statusCode,
    ).toBe(404);

    await call('PATCH', `/api/bookings/${id}`, mechanic.cookie, {
      status: 'completed',
      actualCost: 180,
    });
    const after = await call('GET', `/api/bookings/${id}/position`, driver.cookie);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toBeNull();
    expect((await share(mechanic.cookie)).statusCode).toBe(409);

    await heardEverything(otherDriverStream);
    expect(otherDriverStream.received.filter((e) => e.type === 'tracking')).toEqual([]);
  });

  it("tells every open page about a provider's new rating", async () => {
    const anonymous = await open();
    const id = (
      await call('POST', '/api/bookings', driver.cookie, {
        providerId,
        serviceType: 'Brake Repair',
      })
    ).json<{ id: string }>().id;
    for (const status of ['confirmed', 'in_progress', 'completed'])
      await call('PATCH', `/api/bookings/${id}`, mechanic.cookie, { status });
    expect(
      (await call('POST', '/api/reviews', driver.cookie, { bookingId: id, rating: 4 })).statusCode,
    ).toBe(201);
    const event = await anonymous.next(
      'provider-status',
      (p) => p.id === providerId && p.reviewCount === 1,
    );
    expect(event).toMatchObject({ id: providerId, rating: 4, reviewCount: 1 });
  });
});
