import { expect } from 'vitest';
import { TEST_ACCOUNT_NUMBER, TEST_ROUTING_NUMBER } from '../../core/billing/payouts.ts';
import { bookings } from '../db/schema/index.ts';
import { cards, saveCard } from './billing.ts';
import type { createTestApp } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Stripe's documented test identity that verifies at once. */
export const testIdentity = {
  firstName: 'Jenny',
  lastName: 'Rosen',
  dob: '1990-01-01',
  idNumber: '000000000',
  routingNumber: TEST_ROUTING_NUMBER,
  accountNumber: TEST_ACCOUNT_NUMBER,
  tosAccepted: true,
};

/** Starts payouts for the owner's business; answers the test account's id. */
export async function startPayouts(t: TestApp, cookie: string) {
  const started = await t.api({
    method: 'POST',
    url: '/api/payouts/account',
    headers: { cookie },
  });
  expect(started.statusCode, started.body).toBe(200);
  const url = started.json().url as string;
  const id = /account=(acct_test_[a-f0-9]+)/.exec(url)?.[1];
  expect(id, url).toBeTruthy();
  return id!;
}

/** Sets up payouts with the test bank details (or others given); answers the account id. */
export async function setUpPayouts(
  t: TestApp,
  cookie: string,
  details: Partial<typeof testIdentity> = {},
) {
  const id = await startPayouts(t, cookie);
  const onboarded = await t.api({
    method: 'POST',
    url: `/api/test-gateway/accounts/${id}/onboard`,
    headers: { cookie },
    payload: { ...testIdentity, ...details },
  });
  expect(onboarded.statusCode, onboarded.body).toBe(200);
  return id;
}

/** A completed job of the provider for the driver, with its actual cost (else the visit fee). */
export async function insertCompletedJob(
  t: TestApp,
  parties: { driverId: string; providerId: string },
  actualCost: number | null = null,
) {
  const [row] = await t.app.database.db
    .insert(bookings)
    .values({
      driverId: parties.driverId,
      providerId: parties.providerId,
      serviceType: 'Brake Repair',
      description: 'Air leak',
      status: 'completed',
      visitFee: 90,
      actualCost,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

/** The driver pays the job by card (saving a Visa first when asked). */
export async function payByCard(
  t: TestApp,
  cookie: string,
  bookingId: string,
  options: { saveCard?: string } = {},
) {
  if (options.saveCard) await saveCard(t, cookie, options.saveCard);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers: { cookie },
    payload: { bookingId, paymentMethod: 'card' },
  });
}

export { cards };
