import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { roughApproach } from '../../../core/bookings/tracking-rules.ts';
import type { Notification } from '../../../core/notifications.ts';
import { bookings, deliveries, notifications } from '../../db/schema/index.ts';
import { cards, currentPlan, saveCard, subscribe } from '../../test/billing.ts';
import { createCast, type Cast, type TestAccount } from '../../test/cast.ts';
import { registerMockDevice, startMockPushService } from '../../test/mock-push-service.ts';
import { setUpPayouts } from '../../test/payouts.ts';
import { newApplication } from '../../test/provider-application.ts';
import { enrolTotp, signInWithCode } from '../../test/second-factor.ts';
import { createTestApp, promoteToAdmin, signUp } from '../../test/test-app.ts';

/*
 * Who hears about what (docs/product.md): each event makes one notification for the right user
 * only, with its category, and queues one push whose text carries no place, phone, name or free
 * text of the other side.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
let mock: Awaited<ReturnType<typeof startMockPushService>>;
let cast: Cast;
let secondAdmin: TestAccount;

/** The job's place: the driver's truck. */
const TRUCK = { latitude: 32.6401, longitude: -96.9112 };
/** What the other side typed or is: never on a lock screen. */
const SECRETS = ['Dana Private', '555-0199', 'Duncanville', 'Air brake leak', '32.64', '96.91'];

beforeAll(async () => {
  t = await createTestApp();
  mock = await startMockPushService();
  cast = await createCast(t.app, {
    accounts: { driver: { name: 'Dana Private', phone: '(972) 555-0199' } },
    provider: { businessName: 'Red River Diesel' },
  });
  const signedUp = await signUp(t.app);
  await promoteToAdmin(t.app, signedUp.user.id);
  // An admin acts only with two-step sign-in on (decision 037).
  const totp = await enrolTotp(t.app, signedUp);
  secondAdmin = {
    ...signedUp,
    cookie: await signInWithCode(t.app, { ...signedUp, totpSecret: totp.secret }),
  };
  for (const account of [
    cast.driver,
    cast.otherDriver,
    cast.mechanic,
    cast.otherMechanic,
    cast.admin,
    secondAdmin,
  ])
    await registerMockDevice(t, mock, account.cookie);
  // Premium: no monthly cap on the jobs this file books.
  await subscribe(t, cast.mechanic.cookie, 'premium');
});
afterAll(async () => {
  await mock?.close();
  await t?.close();
});

const db = () => t.app.database.db;
const everyone = () => [
  cast.driver,
  cast.otherDriver,
  cast.mechanic,
  cast.otherMechanic,
  cast.admin,
  secondAdmin,
];

/** A user's notifications with `title` (about one booking, if given), and the push each queued. */
async function told(userId: string, title: string, bookingId?: string) {
  const notes = (
    await db().select().from(notifications).where(eq(notifications.userId, userId))
  ).filter(
    (n) => n.title === title && (bookingId === undefined || n.metadata?.bookingId === bookingId),
  );
  const pushes = await db().select().from(deliveries).where(eq(deliveries.userId, userId));
  return notes.map((note) => ({
    note,
    push: pushes
      .filter((p) => p.eventKey === note.id && p.channel === 'push')
      .map((p) => p.payload),
  }));
}

/**
 * Exactly one notification `title` reached `to` (and none reached anyone else), with `metadata`;
 * its one push equals `push` and holds none of the secrets. Answers the notification.
 */
async function toldOnce(
  to: TestAccount,
  title: string,
  metadata: Partial<NonNullable<Notification['metadata']>>,
  push: object,
) {
  for (const other of everyone().filter((a) => a.user.id !== to.user.id))
    expect(
      await told(other.user.id, title, metadata.bookingId),
      `${title} reached someone else`,
    ).toEqual([]);
  const found = await told(to.user.id, title, metadata.bookingId);
  expect(found).toHaveLength(1);
  const [{ note, push: queued }] = found as [(typeof found)[number]];
  expect(note.metadata).toMatchObject(metadata);
  expect(queued).toEqual([push]);
  const text = JSON.stringify(queued);
  for (const secret of SECRETS) expect(text).not.toContain(secret);
  return note;
}

const call = (method: 'POST' | 'PATCH' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.api({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function book(extra: object = {}) {
  const created = await call('POST', '/api/bookings', cast.driver.cookie, {
    providerId: cast.mechanic.providerId,
    serviceType: 'Brake Repair',
    description: 'Air brake leak, trailer side',
    location: 'I-20 exit 464, Duncanville TX',
    ...TRUCK,
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: string }>().id;
}

async function move(id: string, status: string, cookie = cast.mechanic.cookie, extra = {}) {
  const moved = await call('PATCH', `/api/bookings/${id}`, cookie, { status, ...extra });
  expect(moved.statusCode, moved.body).toBe(200);
}

async function position(id: string, at: { latitude: number; longitude: number }) {
  const put = await call('PUT', `/api/bookings/${id}/position`, cast.mechanic.cookie, {
    ...at,
    accuracy: 10,
  });
  expect(put.statusCode, put.body).toBe(200);
}

const bookingPush = (id: string, title: string, body: string) => ({
  title,
  body,
  url: `/bookings?booking=${id}`,
  tag: `booking-${id}`,
});

describe('providers hear', () => {
  it('of a request beside traffic as urgent, and of a cancellation', async () => {
    const id = await book({ preferredTime: 'asap', truckLocation: 'travel_lane' });
    await toldOnce(
      cast.mechanic,
      'Urgent booking request',
      { bookingId: id, urgent: true, category: 'job_requests' },
      {
        ...bookingPush(id, 'Urgent booking request', 'Open your bookings to accept or decline.'),
        urgent: true,
      },
    );
    await move(id, 'cancelled', cast.driver.cookie);
    await toldOnce(
      cast.mechanic,
      'Booking cancelled',
      { bookingId: id, category: 'booking_updates' },
      bookingPush(id, 'Booking cancelled', 'Open your bookings to see what changed.'),
    );
  });

  it('of a help request nearby: always urgent, flagged only when the truck is beside traffic', async () => {
    const ask = async (truckLocation: string) => {
      const created = await call('POST', '/api/help-requests', cast.otherDriver.cookie, {
        serviceType: 'Brake Repair',
        description: 'Air brake leak, trailer side',
        location: 'I-20 exit 464, Duncanville TX',
        truckLocation,
        ...TRUCK,
        providerIds: [cast.otherMechanic.providerId],
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ id: string }>().id;
    };
    const urgent = await ask('shoulder');
    await toldOnce(
      cast.otherMechanic,
      'Urgent: driver needs help nearby',
      { helpRequestId: urgent, urgent: true, category: 'job_requests' },
      {
        title: 'Urgent: driver needs help nearby',
        body: 'A truck is stopped beside moving traffic. Open the app to accept or pass.',
        url: `/bookings?help=${urgent}`,
        tag: `help-request-${urgent}`,
        urgent: true,
      },
    );
    await call('POST', `/api/help-requests/${urgent}/cancel`, cast.otherDriver.cookie);

    const parked = await ask('parking');
    const note = await toldOnce(
      cast.otherMechanic,
      'Help needed nearby',
      { helpRequestId: parked, category: 'job_requests' },
      {
        title: 'Help needed nearby',
        body: 'A driver needs help nearby. Open the app to accept or pass.',
        url: `/bookings?help=${parked}`,
        tag: `help-request-${parked}`,
        urgent: true,
      },
    );
    expect(note.metadata?.urgent).toBeUndefined();
    await call('POST', `/api/help-requests/${parked}/cancel`, cast.otherDriver.cookie);
  });

  it('of a new review', async () => {
    const id = await book();
    for (const status of ['confirmed', 'in_progress', 'completed']) await move(id, status);
    const rated = await call('POST', '/api/reviews', cast.driver.cookie, {
      bookingId: id,
      rating: 5,
      comment: 'Call me on 972-555-0199 next time, Dana Private',
    });
    expect(rated.statusCode, rated.body).toBe(201);
    await toldOnce(
      cast.mechanic,
      'New review',
      { bookingId: id, category: 'reviews' },
      bookingPush(id, 'New review', 'Open your bookings to see what changed.'),
    );
  });
});

describe('drivers hear', () => {
  it('that the provider accepted, set off (with a rough ETA), arrived and finished: each once', async () => {
    const id = await book();
    await move(id, 'confirmed');
    await toldOnce(
      cast.driver,
      'Booking confirmed',
      { bookingId: id, category: 'booking_updates' },
      bookingPush(id, 'Booking confirmed', 'Open your bookings to see what changed.'),
    );
    await move(id, 'in_progress');

    // About 12 miles out: on the way, with the ETA a share link shows (25 min).
    const far = { latitude: 32.7767, longitude: -96.797 };
    const eta = roughApproach(far, TRUCK).etaMinutes;
    expect(eta).toBe(25);
    await position(id, far);
    await position(id, { latitude: 32.7, longitude: -96.85 });
    const enRoute = await toldOnce(
      cast.driver,
      'Your mechanic is on the way',
      { bookingId: id, kind: 'en_route', etaMinutes: eta, category: 'booking_updates' },
      bookingPush(
        id,
        'Your mechanic is on the way',
        'About 25 min away. Open your bookings to follow them on the map.',
      ),
    );
    expect(enRoute.message).toBe(
      'Red River Diesel is on the way to your Brake Repair job, about 25 min away.',
    );
    expect(await told(cast.driver.user.id, 'Your mechanic has arrived')).toEqual([]);

    // 0.07 miles away, then at the truck: arrived, once.
    await position(id, { latitude: TRUCK.latitude + 0.001, longitude: TRUCK.longitude });
    await position(id, TRUCK);
    await toldOnce(
      cast.driver,
      'Your mechanic has arrived',
      { bookingId: id, kind: 'arrived', category: 'booking_updates' },
      bookingPush(
        id,
        'Your mechanic has arrived',
        'Look out for them at your truck, or open your bookings to call them.',
      ),
    );
    const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
    expect(row!.enRouteNotifiedAt).toBeInstanceOf(Date);
    expect(row!.arrivedAt!.getTime()).toBeGreaterThanOrEqual(row!.enRouteNotifiedAt!.getTime());

    await move(id, 'completed');
    await toldOnce(
      cast.driver,
      'Job completed',
      { bookingId: id, category: 'booking_updates' },
      bookingPush(id, 'Job completed', 'Open your bookings to rate the service.'),
    );
  });

  it('only that the provider arrived when their first position is already at the truck', async () => {
    const id = await book();
    for (const status of ['confirmed', 'in_progress']) await move(id, status);
    const before = await told(cast.driver.user.id, 'Your mechanic is on the way');
    await position(id, TRUCK);
    expect(await told(cast.driver.user.id, 'Your mechanic is on the way')).toEqual(before);
    const arrived = (await told(cast.driver.user.id, 'Your mechanic has arrived')).filter(
      (n) => n.note.metadata?.bookingId === id,
    );
    expect(arrived).toHaveLength(1);
  });

  it('that the provider declined', async () => {
    const id = await book();
    const notes = async () =>
      (await told(cast.driver.user.id, 'Booking cancelled')).filter(
        (n) => n.note.metadata?.bookingId === id,
      );
    expect(await notes()).toEqual([]);
    await move(id, 'cancelled');
    const [cancelled, ...more] = await notes();
    expect(more).toEqual([]);
    expect(cancelled!.note.metadata).toMatchObject({ category: 'booking_updates' });
    expect(cancelled!.push).toEqual([
      bookingPush(id, 'Booking cancelled', 'Open your bookings to see what changed.'),
    ]);
    expect(
      (await told(cast.mechanic.user.id, 'Booking cancelled')).filter(
        (n) => n.note.metadata?.bookingId === id,
      ),
    ).toEqual([]);
  });
});

describe('payers get a receipt', () => {
  it('for a job paid by card: once, whichever of the answer and the webhook settles it', async () => {
    const id = await book();
    for (const status of ['confirmed', 'in_progress', 'completed']) await move(id, status);
    await setUpPayouts(t, cast.mechanic.cookie);
    await saveCard(t, cast.driver.cookie, cards.visa);
    const paid = await call('POST', '/api/payments', cast.driver.cookie, {
      bookingId: id,
      paymentMethod: 'card',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = paid.json<{ payment: { id: string; amount: number } }>().payment;
    // The provider's notice comes with the webhook: once it is in, both paths have run.
    await vi.waitFor(
      async () => expect(await told(cast.mechanic.user.id, 'Payment received')).toHaveLength(1),
      { timeout: 15_000, interval: 50 },
    );
    const receipt = await toldOnce(
      cast.driver,
      'Payment receipt',
      { kind: 'payment_receipt', paymentId: payment.id, category: 'payments' },
      {
        title: 'Payment receipt',
        body: 'Open it to see or print your receipt.',
        url: `/receipts/${payment.id}`,
        tag: `payment-${payment.id}`,
      },
    );
    expect(receipt.message).toBe(
      `$${payment.amount.toFixed(2)} paid for Brake Repair — Red River Diesel. Your receipt is ready.`,
    );
    const page = await t.api({
      method: 'GET',
      url: `/api/payments/${payment.id}`,
      headers: { cookie: cast.driver.cookie },
    });
    expect(page.statusCode, page.body).toBe(200);
  });

  it("for a plan's first month, on the notice that it is active", async () => {
    const [active] = await told(cast.mechanic.user.id, 'Subscription active');
    expect(active!.note.metadata).toMatchObject({
      kind: 'payment_receipt',
      category: 'payments',
      paymentId: expect.any(String),
    });
    expect(active!.push).toEqual([
      expect.objectContaining({ url: `/receipts/${active!.note.metadata!.paymentId}` }),
    ]);
  });
});

describe('plan reminders', () => {
  it('of type sms and push are notifications with a fixed line on the lock screen', async () => {
    const due = Date.parse(
      (await currentPlan(t, cast.mechanic.cookie, cast.mechanic.user.id))!.endDate,
    );
    const DAY = 86_400_000;
    await t.app.billing.reminders.run(new Date(due - 3 * DAY + 60_000));
    await t.app.billing.reminders.run(new Date(due - DAY + 60_000));
    const reminder = (title: string, reminderType: 'sms' | 'push') =>
      toldOnce(
        cast.mechanic,
        title,
        { kind: 'plan_reminder', reminderType, category: 'payments' },
        expect.objectContaining({
          title,
          body: 'Open Billing to check the card it will be charged to.',
          url: '/profile?tab=subscription',
        }),
      );
    await reminder('Your Premium plan renews in 3 days', 'sms');
    const last = await reminder('Your Premium plan renews in 1 day', 'push');
    expect(last.message).toMatch(/^Your Premium plan renews on .+: \$79\.99 will be charged/);
  });
});

describe('admins hear', () => {
  it('of a new provider application and of changes to review, each admin once', async () => {
    const applied = await t.api({
      method: 'POST',
      url: '/api/provider-applications',
      payload: newApplication(),
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const providerId = applied.json<{ provider: { id: string } }>().provider.id;
    const push = {
      title: 'New provider application',
      body: 'Open the admin console to review it.',
      url: '/admin',
      tag: `provider-application-${providerId}`,
    };
    for (const admin of [cast.admin, secondAdmin]) {
      const found = await told(admin.user.id, 'New provider application');
      expect(found.map((f) => [f.note.metadata, f.push])).toEqual([
        [{ providerId, category: 'account', kind: 'provider_application' }, [push]],
      ]);
    }
    for (const other of [cast.driver, cast.mechanic, cast.otherMechanic])
      expect(await told(other.user.id, 'New provider application')).toEqual([]);

    // The cast's verified business changes its phone twice: one notice per admin.
    for (const phone of ['(214) 555-0101', '(214) 555-0102']) {
      const edited = await call(
        'PATCH',
        `/api/service-providers/${cast.mechanic.providerId}`,
        cast.mechanic.cookie,
        { phone },
      );
      expect(edited.statusCode, edited.body).toBe(200);
    }
    for (const admin of [cast.admin, secondAdmin])
      expect((await told(admin.user.id, 'Business changes to review')).map((f) => f.push)).toEqual([
        [
          {
            ...push,
            title: 'Business changes to review',
            tag: `provider-application-${cast.mechanic.providerId}`,
          },
        ],
      ]);
  });
});
