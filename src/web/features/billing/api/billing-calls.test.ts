import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createSetupIntent } from './create-setup-intent.ts';
import { authenticateTestPayment } from './test-gateway-authenticate.ts';
import { confirmWithTestCard } from './test-gateway-confirm.ts';
import { fetchCurrentSubscription } from './use-current-subscription.ts';
import { removeCard } from './use-remove-card.ts';
import { fetchSavedCards } from './use-saved-cards.ts';
import { setDefaultCard } from './use-set-default-card.ts';

const fetchMock = vi.fn(
  async (_url: string, _init: RequestInit) =>
    new Response('{}', { headers: { 'content-type': 'application/json' } }),
);
beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** What the last call put on the wire. */
function sent() {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  const headers = new Headers(init.headers);
  return { url, method: init.method, body: init.body, type: headers.get('content-type') };
}

it('sends the test gateway what Stripe.js would: the client secret with the card or the answer', async () => {
  const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
  await confirmWithTestCard('pi_1_secret', card);
  expect(sent()).toEqual({
    url: '/api/test-gateway/confirm',
    method: 'POST',
    body: JSON.stringify({ clientSecret: 'pi_1_secret', card }),
    type: 'application/json',
  });
  await authenticateTestPayment('pi_1_secret', false);
  expect(sent()).toEqual({
    url: '/api/test-gateway/authenticate',
    method: 'POST',
    body: '{"clientSecret":"pi_1_secret","approve":false}',
    type: 'application/json',
  });
});

it('asks for a setup intent and a default card with no body at all', async () => {
  await createSetupIntent();
  expect(sent()).toEqual({
    url: '/api/payment-methods/setup-intent',
    method: 'POST',
    body: undefined,
    type: null,
  });
  await setDefaultCard('pm_1');
  expect(sent()).toEqual({
    url: '/api/payment-methods/pm_1/default',
    method: 'POST',
    body: undefined,
    type: null,
  });
});

it('reads the cards and the plan, and removes a card, at their addresses', async () => {
  await fetchSavedCards();
  expect(sent()).toMatchObject({ url: '/api/payment-methods', method: 'GET' });
  await fetchCurrentSubscription('u1');
  expect(sent()).toMatchObject({ url: '/api/subscription/u1', method: 'GET' });
  fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
  await expect(removeCard('pm_1')).resolves.toBeUndefined();
  expect(sent()).toEqual({
    url: '/api/payment-methods/pm_1',
    method: 'DELETE',
    body: undefined,
    type: null,
  });
});
