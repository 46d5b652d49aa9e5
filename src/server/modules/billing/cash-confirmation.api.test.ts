import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestBookableDate } from '../../../core/bookings/schemas.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { createTestApp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, { provider: { visitFee: 90 } });
});
afterAll(() => t.close());

const as = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.api({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** A completed job of the cast's mechanic, paid in cash by the driver: the payment's id. */
async function cashPaidJob() {
  const booked = await as(cast.driver.cookie, 'POST', '/api/bookings', {
    providerId: cast.mechanic.providerId,
    serviceType: 'Brake Repair',
    preferredDate: earliestBookableDate(new Date(Date.now() + 12 * 3_600_000)),
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const bookingId = booked.json().id as string;
  const done = await t.api({
    method: 'PATCH',
    url: `/api/admin/bookings/${bookingId}`,
    headers: { cookie: cast.admin.cookie },
    payload: { status: 'completed' },
  });
  expect(done.statusCode, done.body).toBe(200);
  const paid = await as(cast.driver.cookie, 'POST', '/api/payments', {
    bookingId,
    paymentMethod: 'cash',
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return { bookingId, paymentId: paid.json().payment.id as string, answer: paid.json() };
}

const booking = async (cookie: string, id: string) =>
  (await as(cookie, 'GET', `/api/bookings/${id}`)).json();
const notifications = async (cookie: string) =>
  (await as(cookie, 'GET', '/api/notifications')).json() as { title: string; message: string }[];

describe('cash is confirmed by the one who got it', () => {
  it('cash without confirmation is not paid and has no receipt', async () => {
    const { bookingId, paymentId, answer } = await cashPaidJob();
    expect(answer).toMatchObject({
      status: 'awaiting_confirmation',
      payment: { status: 'awaiting_confirmation', paymentMethod: 'cash', amount: 99 },
    });
    for (const cookie of [cast.driver.cookie, cast.mechanic.cookie])
      expect((await booking(cookie, bookingId)).payment.status).toBe('awaiting_confirmation');
    const receipt = await as(cast.driver.cookie, 'GET', `/api/payments/${paymentId}`);
    expect(receipt.statusCode).toBe(409);
    expect(receipt.json().error).toMatch(/provider has not confirmed/);
    // Nor can the driver record it twice, or pay it by card meanwhile.
    const again = await as(cast.driver.cookie, 'POST', '/api/payments', {
      bookingId,
      paymentMethod: 'cash',
    });
    expect(again.statusCode).toBe(409);
    expect((await notifications(cast.mechanic.cookie))[0]).toMatchObject({
      title: 'Cash payment to confirm',
    });
  });

  it('the provider confirms: now paid, with a receipt, and the driver is told', async () => {
    const { bookingId, paymentId } = await cashPaidJob();
    const confirmed = await as(
      cast.mechanic.cookie,
      'POST',
      `/api/payments/${paymentId}/confirm-cash`,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: paymentId, status: 'completed' });
    expect((await booking(cast.driver.cookie, bookingId)).payment.status).toBe('completed');
    const receipt = await as(cast.driver.cookie, 'GET', `/api/payments/${paymentId}`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({ status: 'completed', receiptNumber: /^TF-/ });
    expect((await notifications(cast.driver.cookie))[0]).toMatchObject({
      title: 'Cash payment confirmed',
    });
    // Once only.
    const twice = await as(cast.mechanic.cookie, 'POST', `/api/payments/${paymentId}/confirm-cash`);
    expect(twice.statusCode).toBe(409);
  });

  it('only the job provider may confirm or dispute: others get 404, an admin and the driver 403', async () => {
    const { paymentId } = await cashPaidJob();
    for (const action of ['confirm-cash', 'dispute-cash']) {
      const url = `/api/payments/${paymentId}/${action}`;
      const body = { reason: 'Nothing was handed over' };
      expect((await as(cast.otherMechanic.cookie, 'POST', url, body)).statusCode).toBe(404);
      expect((await as(cast.driver.cookie, 'POST', url, body)).statusCode).toBe(403);
      expect((await as(cast.admin.cookie, 'POST', url, body)).statusCode).toBe(403);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await as(cast.mechanic.cookie, 'POST', `/api/payments/${unknown}/confirm-cash`)).statusCode,
    ).toBe(404);
  });

  it('refuses bad input on the new routes', async () => {
    const { paymentId } = await cashPaidJob();
    const url = `/api/payments/${paymentId}/dispute-cash`;
    for (const payload of [{}, { reason: '' }, { reason: 'no' }, { reason: 'x'.repeat(501) }]) {
      const answer = await as(cast.mechanic.cookie, 'POST', url, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().fields).toHaveProperty('reason');
    }
    const badId = await as(cast.mechanic.cookie, 'POST', '/api/payments/not-an-id/confirm-cash');
    expect(badId.statusCode).toBe(400);
    const resolve = `/api/admin/payments/${paymentId}/resolve`;
    for (const payload of [{}, { outcome: 'maybe', reason: 'checked' }, { outcome: 'paid' }])
      expect((await as(cast.admin.cookie, 'POST', resolve, payload)).statusCode).toBe(400);
    // Not in dispute (still awaiting): 409.
    expect(
      (await as(cast.admin.cookie, 'POST', resolve, { outcome: 'paid', reason: 'checked' }))
        .statusCode,
    ).toBe(409);
  });

  it('a dispute goes to the admin console, and the admin settles it either way, audited', async () => {
    const first = await cashPaidJob();
    const disputed = await as(
      cast.mechanic.cookie,
      'POST',
      `/api/payments/${first.paymentId}/dispute-cash`,
      { reason: 'Driver left without paying' },
    );
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json()).toMatchObject({
      status: 'disputed',
      disputeReason: 'Driver left without paying',
    });
    expect((await notifications(cast.driver.cookie))[0]).toMatchObject({
      title: 'Cash payment disputed',
    });
    expect(
      (await as(cast.driver.cookie, 'GET', `/api/payments/${first.paymentId}`)).statusCode,
    ).toBe(409);

    const list = await as(cast.admin.cookie, 'GET', '/api/admin/payments/disputed');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({
        id: first.paymentId,
        disputeReason: 'Driver left without paying',
        businessName: expect.any(String),
        driverEmail: cast.driver.account.email,
      }),
    );
    expect((await as(cast.mechanic.cookie, 'GET', '/api/admin/payments/disputed')).statusCode).toBe(
      403,
    );

    // Not paid: the job can be paid again.
    const notPaid = await as(
      cast.admin.cookie,
      'POST',
      `/api/admin/payments/${first.paymentId}/resolve`,
      { outcome: 'not_paid', reason: 'Driver admitted it' },
    );
    expect(notPaid.statusCode, notPaid.body).toBe(200);
    expect(notPaid.json().status).toBe('failed');
    const retry = await as(cast.driver.cookie, 'POST', '/api/payments', {
      bookingId: first.bookingId,
      paymentMethod: 'cash',
    });
    expect(retry.statusCode, retry.body).toBe(201);

    // Paid after all: the job counts as paid.
    const second = await cashPaidJob();
    await as(cast.mechanic.cookie, 'POST', `/api/payments/${second.paymentId}/dispute-cash`, {
      reason: 'Counted short',
    });
    const paid = await as(
      cast.admin.cookie,
      'POST',
      `/api/admin/payments/${second.paymentId}/resolve`,
      { outcome: 'paid', reason: 'Bank deposit slip shows the full amount' },
    );
    expect(paid.json().status).toBe('completed');
    expect((await booking(cast.driver.cookie, second.bookingId)).payment.status).toBe('completed');
    expect((await notifications(cast.mechanic.cookie))[0]).toMatchObject({
      title: 'Cash payment settled: paid',
    });

    const audit = await as(cast.admin.cookie, 'GET', '/api/admin/audit?action=payment.resolve');
    expect(audit.json().entries.map((e: { targetId: string }) => e.targetId)).toEqual([
      second.paymentId,
      first.paymentId,
    ]);
    expect(audit.json().entries[0]).toMatchObject({
      targetType: 'payment',
      before: { status: 'disputed', disputeReason: 'Counted short' },
      after: { status: 'completed' },
      reason: 'Bank deposit slip shows the full amount',
    });
    expect((await as(cast.admin.cookie, 'GET', '/api/admin/payments/disputed')).json()).toEqual([]);
  });
});
