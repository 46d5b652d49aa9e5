import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_CLOSED, HELP_TAKEN } from '../../../core/help-requests/help-request-rules.ts';
import type { HelpInvite, HelpRequest } from '../../../core/help-requests/help-request.ts';
import { notifications, outboxEmails, serviceProviders, users } from '../../db/schema/index.ts';
import { openEventStream } from '../../test/event-stream.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { CONFIRM_EMAIL_SUBJECT } from '../contacts/contacts.service.ts';
import { createTestApp, drainDeliveries, signUp, type TestAccount } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let cast: Cast;

/** Denver: far from the cast's Dallas businesses, so each test places its own providers. */
const TRUCK = { latitude: 39.7392, longitude: -104.9903 };
/** Degrees of latitude per mile, near enough for placing providers at a distance. */
const MILE = 1 / 69;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.api({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

let places = 0;
/** Mechanics with an available business `miles` north of a truck, each signed in. */
async function mechanicsAt(count: number, miles: number, truck = TRUCK) {
  const made: (TestAccount & { providerId: string })[] = [];
  for (let i = 0; i < count; i += 1) {
    const account = await signUp(t.app, { role: 'mechanic' });
    places += 1;
    const provider = await insertOwnedProvider(t.app.database.db, account.user.id, {
      businessName: `Rescue ${places}`,
      latitude: truck.latitude + miles * MILE + i * 0.0001,
      longitude: truck.longitude,
    });
    made.push({ ...account, providerId: provider.id });
  }
  return made;
}

async function ask(payload: object = {}, driver = cast.driver) {
  const created = await call('POST', '/api/help-requests', driver.cookie, {
    serviceType: 'Brake Repair',
    vehicleDetails: '2019 Peterbilt 579',
    location: 'I-25 mile 210',
    truckLocation: 'shoulder',
    ...TRUCK,
    ...payload,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<HelpRequest>();
}

const view = async (id: string, cookie = cast.driver.cookie) =>
  (await call('GET', `/api/help-requests/${id}`, cookie)).json<HelpRequest>();

const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describe('a help request sent to several providers', () => {
  it('asks the five best available providers that offer the service, and lets each see it', async () => {
    const near = await mechanicsAt(6, 3);
    const request = await ask();
    expect(request).toMatchObject({ status: 'open', radiusMiles: 25, round: 1, bookingId: null });
    expect(request.invites).toHaveLength(5);
    expect(request.invites.every((i) => i.status === 'asked')).toBe(true);
    const askedIds = new Set(request.invites.map((i) => i.providerId));
    const one = near.find((m) => askedIds.has(m.providerId))!;
    const mine = await call('GET', '/api/help-requests/asked', one.cookie);
    expect(mine.json<HelpInvite[]>()[0]).toMatchObject({
      id: request.id,
      status: 'asked',
      requestStatus: 'open',
      serviceType: 'Brake Repair',
      truckLocation: 'shoulder',
    });
    await call('POST', `/api/help-requests/${request.id}/cancel`, cast.driver.cookie);
  });

  it('books exactly one job when 20 providers accept at once; the others are told it is taken', async () => {
    const truck = { latitude: 41.2, longitude: -104.8 };
    const crowd = await mechanicsAt(20, 2, truck);
    const request = await ask(truck);
    // Nobody answers: each step asks five more, until all twenty have been asked.
    for (let step = 1; step <= 3; step += 1) await t.app.helpEscalation.run(minutes(6 * step));
    const before = await view(request.id);
    expect(before.invites).toHaveLength(20);
    expect(before.round).toBe(4);

    const answers = await Promise.all(
      crowd.map((m) => call('POST', `/api/help-requests/${request.id}/accept`, m.cookie)),
    );
    const won = answers.filter((a) => a.statusCode === 201);
    expect(won).toHaveLength(1);
    const lost = answers.filter((a) => a.statusCode !== 201);
    expect(lost.map((a) => [a.statusCode, a.json().error])).toEqual(
      Array.from({ length: 19 }, () => [409, HELP_TAKEN]),
    );

    const booking = won[0]!.json<{ id: string; status: string; providerId: string }>();
    expect(booking.status).toBe('confirmed');
    const after = await view(request.id);
    expect(after).toMatchObject({ status: 'booked', bookingId: booking.id, nextStepAt: null });
    expect(after.invites.filter((i) => i.status === 'accepted')).toEqual([
      expect.objectContaining({ providerId: booking.providerId }),
    ]);
    expect(after.invites.filter((i) => i.status === 'taken')).toHaveLength(19);
    const driverBookings = await call('GET', '/api/bookings', cast.driver.cookie);
    expect(driverBookings.json<{ id: string }[]>().filter((b) => b.id === booking.id)).toHaveLength(
      1,
    );
    const loser = crowd.find((m) => m.providerId !== booking.providerId)!;
    const told = (await call('GET', '/api/help-requests/asked', loser.cookie)).json<HelpInvite[]>();
    expect(told[0]).toMatchObject({ id: request.id, status: 'taken', requestStatus: 'booked' });
    // Those who did not get the job no longer see where the truck is.
    expect(told[0]).toMatchObject({ latitude: null, longitude: null, location: null });
  });

  it('widens on time while nobody answers, and ends unanswered when nobody is left', async () => {
    const truck = { latitude: 44.0, longitude: -103.2 };
    await mechanicsAt(2, 5, truck);
    await mechanicsAt(1, 40, truck);
    const request = await ask(truck);
    expect(request.invites).toHaveLength(2);
    expect(request.nextStepAt).not.toBeNull();

    await t.app.helpEscalation.run(minutes(4));
    expect((await view(request.id)).round).toBe(1);

    await t.app.helpEscalation.run(minutes(5.1));
    const widened = await view(request.id);
    expect(widened).toMatchObject({ round: 2, radiusMiles: 50, status: 'open' });
    expect(widened.invites).toHaveLength(3);

    await t.app.helpEscalation.run(minutes(10.2));
    const ended = await view(request.id);
    expect(ended).toMatchObject({ status: 'unanswered', nextStepAt: null });
    expect(ended.invites.every((i) => i.status === 'withdrawn')).toBe(true);
  });

  it("takes one provider's no as theirs alone: the others stay asked and can still accept", async () => {
    const truck = { latitude: 47.6, longitude: -117.4 };
    const [a, b, c] = await mechanicsAt(3, 3, truck);
    const request = await ask(truck);
    const declined = await call('POST', `/api/help-requests/${request.id}/decline`, a!.cookie);
    expect(declined.statusCode, declined.body).toBe(204);
    const after = await view(request.id);
    expect(after).toMatchObject({ status: 'open', round: 1 });
    const statusOf = (id: string) => after.invites.find((i) => i.providerId === id)?.status;
    expect([statusOf(a!.providerId), statusOf(b!.providerId), statusOf(c!.providerId)]).toEqual([
      'declined',
      'asked',
      'asked',
    ]);
    const accepted = await call('POST', `/api/help-requests/${request.id}/accept`, b!.cookie);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const done = await view(request.id);
    expect(done.invites.map((i) => [i.providerId, i.status]).sort()).toEqual(
      [
        [a!.providerId, 'declined'],
        [b!.providerId, 'accepted'],
        [c!.providerId, 'taken'],
      ].sort(),
    );
  });

  it('widens at once when everyone asked declines', async () => {
    const truck = { latitude: 46.8, longitude: -100.8 };
    const [first] = await mechanicsAt(1, 3, truck);
    await mechanicsAt(1, 30, truck);
    const request = await ask(truck);
    const declined = await call('POST', `/api/help-requests/${request.id}/decline`, first!.cookie);
    expect(declined.statusCode, declined.body).toBe(204);
    const widened = await view(request.id);
    expect(widened).toMatchObject({ round: 2, radiusMiles: 50 });
    expect(widened.invites.map((i) => i.status)).toEqual(['declined', 'asked']);
    const again = await call('POST', `/api/help-requests/${request.id}/accept`, first!.cookie);
    expect(again.json()).toMatchObject({ error: HELP_CLOSED });
  });

  it('stops when the driver cancels: no more steps, and nobody can accept', async () => {
    const truck = { latitude: 38.3, longitude: -104.6 };
    const [only] = await mechanicsAt(1, 4, truck);
    await mechanicsAt(1, 30, truck);
    const request = await ask(truck);
    const cancelled = await call(
      'POST',
      `/api/help-requests/${request.id}/cancel`,
      cast.driver.cookie,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', nextStepAt: null });

    await t.app.helpEscalation.run(minutes(6));
    const still = await view(request.id);
    expect(still).toMatchObject({ status: 'cancelled', round: 1 });
    expect(still.invites.map((i) => i.status)).toEqual(['withdrawn']);
    const late = await call('POST', `/api/help-requests/${request.id}/accept`, only!.cookie);
    expect([late.statusCode, late.json().error]).toEqual([409, HELP_CLOSED]);
    const twice = await call('POST', `/api/help-requests/${request.id}/cancel`, cast.driver.cookie);
    expect(twice.statusCode).toBe(409);
  });

  it('asks only the providers the driver picked', async () => {
    const truck = { latitude: 36.1, longitude: -102.5 };
    const [a, b, c] = await mechanicsAt(3, 2, truck);
    const request = await ask({ ...truck, providerIds: [c!.providerId, a!.providerId] });
    expect(request.invites.map((i) => i.providerId).sort()).toEqual(
      [a!.providerId, c!.providerId].sort(),
    );
    const notAsked = await call('POST', `/api/help-requests/${request.id}/accept`, b!.cookie);
    expect(notAsked.statusCode).toBe(404);
  });
});

describe('help requests keep to their people', () => {
  it('shows a request only to its driver and admins, and lets only an asked provider answer', async () => {
    const truck = { latitude: 35.1, longitude: -106.6 };
    await mechanicsAt(1, 2, truck);
    const request = await ask(truck);
    expect(
      (await call('GET', `/api/help-requests/${request.id}`, cast.otherDriver.cookie)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/help-requests/${request.id}`, cast.admin.cookie)).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/help-requests/${request.id}`)).statusCode).toBe(401);
    for (const cookie of [cast.mechanic.cookie, cast.otherMechanic.cookie])
      expect(
        (await call('POST', `/api/help-requests/${request.id}/accept`, cookie)).statusCode,
      ).toBe(404);
    expect(
      (await call('POST', `/api/help-requests/${request.id}/accept`, cast.driver.cookie))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/help-requests/${request.id}/cancel`, cast.otherDriver.cookie))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/help-requests', cast.otherDriver.cookie)).json()).toEqual([]);
  });
});

describe('help requests refuse bad input with a clear message', () => {
  it.each([
    [{ latitude: undefined }, 'latitude', 'Share your location to ask nearby providers'],
    [{ serviceType: 'Painting' }, 'serviceType', 'Choose a service providers offer'],
    [{ providerIds: [] }, 'providerIds', 'Choose at least one provider'],
    [{ providerIds: ['x'] }, 'providerIds.0', 'Expected a valid provider id'],
    [
      { providerIds: Array.from({ length: 6 }, () => crypto.randomUUID()) },
      'providerIds',
      'Choose at most 5 providers',
    ],
  ])('%j → 400 on %s', async (change, field, message) => {
    const response = await call('POST', '/api/help-requests', cast.driver.cookie, {
      serviceType: 'Brake Repair',
      ...TRUCK,
      ...change,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('answers 409 when no provider near enough offers the service', async () => {
    const response = await call('POST', '/api/help-requests', cast.driver.cookie, {
      serviceType: 'Wheel Alignment',
      latitude: 64.8,
      longitude: -147.7,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      'No available provider within 100 miles offers Wheel Alignment right now',
    );
  });

  it('refuses a picked provider that is unknown, offline or does not offer the service', async () => {
    const unknown = await call('POST', '/api/help-requests', cast.driver.cookie, {
      serviceType: 'Brake Repair',
      ...TRUCK,
      providerIds: [crypto.randomUUID()],
    });
    expect(unknown.statusCode).toBe(404);
    const [offline] = await mechanicsAt(1, 1);
    await t.app.database.db
      .update(serviceProviders)
      .set({ status: 'offline' })
      .where(eq(serviceProviders.id, offline!.providerId));
    const refused = await call('POST', '/api/help-requests', cast.driver.cookie, {
      serviceType: 'Brake Repair',
      ...TRUCK,
      providerIds: [offline!.providerId],
    });
    expect(refused.statusCode).toBe(409);
    const tires = await call('POST', '/api/help-requests', cast.driver.cookie, {
      serviceType: 'Tire Repair',
      ...TRUCK,
      providerIds: [cast.mechanic.providerId],
    });
    expect(tires.statusCode).toBe(400);
  });
});

describe('where the truck is stays in the request', () => {
  it('leaves the place out of the notification, its email and its live event', async () => {
    const truck = { latitude: 46.8721, longitude: -113.994 };
    const [asked] = await mechanicsAt(1, 3, truck);
    await t.app.database.db
      .update(users)
      .set({ emailUpdates: true, emailVerifiedAt: new Date() })
      .where(eq(users.id, asked!.user.id));
    const baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const stream = await openEventStream(baseUrl, asked!.cookie);
    try {
      await ask({ ...truck, location: 'Reserve St exit 101 by the Flying J' });
      // On the shoulder: the urgent title, and still no place.
      const live = await stream.next(
        'notification',
        (n) => n.title === 'Urgent: driver needs help nearby',
      );
      await drainDeliveries(t.app);
      const [stored] = await t.app.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, asked!.user.id));
      const emails = (
        await t.app.database.db
          .select()
          .from(outboxEmails)
          .where(eq(outboxEmails.to, asked!.account.email))
      ).filter((email) => email.subject !== CONFIRM_EMAIL_SUBJECT);
      expect(emails).toHaveLength(1);
      expect(stored!.message).toBe(
        'A driver needs Brake Repair. The truck is beside moving traffic. Open the app to see where; the first provider to accept gets the job.',
      );
      for (const text of [JSON.stringify(live), JSON.stringify(stored), JSON.stringify(emails)])
        for (const secret of ['Reserve St', 'Flying J', '46.87', '113.99', '2019 Peterbilt'])
          expect(text).not.toContain(secret);
    } finally {
      stream.close();
    }
  });

  it('shows the place to a provider while asked, and no longer once they declined', async () => {
    const truck = { latitude: 45.68, longitude: -111.04 };
    const [a, b] = await mechanicsAt(2, 3, truck);
    const request = await ask({ ...truck, location: 'Main St and 7th' });
    const seen = async (who: TestAccount) =>
      (await call('GET', '/api/help-requests/asked', who.cookie))
        .json<HelpInvite[]>()
        .find((i) => i.id === request.id)!;
    expect(await seen(a!)).toMatchObject({
      status: 'asked',
      location: 'Main St and 7th',
      ...truck,
    });
    await call('POST', `/api/help-requests/${request.id}/decline`, a!.cookie);
    expect(await seen(a!)).toMatchObject({
      status: 'declined',
      location: null,
      truckLocation: null,
      latitude: null,
      longitude: null,
      vehicleDetails: null,
      description: '',
    });
    expect(await seen(b!)).toMatchObject({ status: 'asked', location: 'Main St and 7th' });
    // The request itself is the driver's alone.
    expect((await call('GET', `/api/help-requests/${request.id}`, a!.cookie)).statusCode).toBe(404);
  });
});
