import { expect } from 'vitest';
import type { createTestApp } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Stripe's public test cards, as the test gateway takes them. */
export const cards = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  authentication: '4000 0025 0000 3155',
  /** Saves fine; every later charge is declined. */
  declinesLater: '4000 0000 0000 0341',
} as const;

export const card = (number: string) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
});

/** What the page does with a client secret and a card (Stripe.js's confirm, in test mode). */
export async function confirm(t: TestApp, cookie: string, clientSecret: string, number: string) {
  const response = await t.api({
    method: 'POST',
    url: '/api/test-gateway/confirm',
    headers: { cookie },
    payload: { clientSecret, card: card(number) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { status: string; message: string | null; code: string | null };
}

export async function authenticate(
  t: TestApp,
  cookie: string,
  clientSecret: string,
  approve: boolean,
) {
  const response = await t.api({
    method: 'POST',
    url: '/api/test-gateway/authenticate',
    headers: { cookie },
    payload: { clientSecret, approve },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { status: string; message: string | null };
}

/** Starts a plan and pays its first month with `number`; answers the checkout. */
export async function subscribe(
  t: TestApp,
  cookie: string,
  planType: string,
  number: string = cards.visa,
) {
  const response = await t.api({
    method: 'POST',
    url: '/api/create-subscription',
    headers: { cookie },
    payload: { planType },
  });
  expect(response.statusCode, response.body).toBe(201);
  const checkout = response.json() as { subscriptionId: string; clientSecret: string };
  const result = await confirm(t, cookie, checkout.clientSecret, number);
  return { ...checkout, result };
}

/** Saves a card through a setup intent; answers the saved cards. */
export async function saveCard(t: TestApp, cookie: string, number: string) {
  const setup = await t.api({
    method: 'POST',
    url: '/api/payment-methods/setup-intent',
    headers: { cookie },
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const result = await confirm(t, cookie, setup.json().clientSecret, number);
  const list = await t.api({ method: 'GET', url: '/api/payment-methods', headers: { cookie } });
  return { result, cards: list.json() as { id: string; last4: string; isDefault: boolean }[] };
}

export async function currentPlan(t: TestApp, cookie: string, userId: string) {
  const response = await t.api({
    method: 'GET',
    url: `/api/subscription/${userId}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as null | {
    id: string;
    status: string;
    planType: string;
    price: number;
    endDate: string;
    startDate: string;
  };
}

export async function paymentsOf(t: TestApp, cookie: string, userId: string) {
  const response = await t.api({
    method: 'GET',
    url: `/api/payments/user/${userId}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    id: string;
    amount: number;
    status: string;
    description: string;
    cardLast4: string | null;
    bookingId: string | null;
    receiptNumber: string;
  }[];
}
