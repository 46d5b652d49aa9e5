import { describe, expect, it } from 'vitest';
import { runCheck } from '../shared/checks.ts';
import type { QaClient, QaResponse } from '../shared/qa-client.ts';
import type { TestAccount } from '../shared/test-accounts.ts';
import { paymentChecks, type PaymentCheckContext } from './payment-checks.ts';
import { NEEDS_TEST_GATEWAY } from '../shared/billing/test-cards.ts';

const answer = (status: number, body: unknown, message = 'OK'): QaResponse => ({
  method: 'POST',
  path: '/api/payments',
  status,
  ok: status < 400,
  body,
  message,
  ms: 5,
});

/** A client that answers every call with `reply(method, path)`. */
const stubClient = (reply: (method: string, path: string) => QaResponse): QaClient => ({
  get: async (path) => reply('GET', path) as never,
  post: async (path) => reply('POST', path) as never,
  put: async (path) => reply('PUT', path) as never,
  patch: async (path) => reply('PATCH', path) as never,
  delete: async (path) => reply('DELETE', path) as never,
});

const context = (
  gateway: 'test' | 'stripe',
  reply: (method: string, path: string) => QaResponse,
): PaymentCheckContext => ({
  gateway,
  subscriptionId: '00000000-0000-4000-8000-000000000009',
  account: {
    user: { id: '00000000-0000-4000-8000-000000000001', name: 'QA Test Mechanic' },
    client: stubClient(reply),
  } as unknown as TestAccount,
});

const check = (id: string) => paymentChecks.find((c) => c.id === id)!;

describe('payment checks', () => {
  it('say honestly that card checks need the test gateway', async () => {
    const result = await runCheck(
      check('subscribe'),
      context('stripe', () => answer(500, undefined)),
    );
    expect(result).toMatchObject({ status: 'failed', detail: NEEDS_TEST_GATEWAY });
  });

  it('pass the ACH check only when the server refuses ACH', async () => {
    const refused = await runCheck(
      check('ach'),
      context('test', () =>
        answer(400, { error: 'Plans are paid by card' }, 'Plans are paid by card'),
      ),
    );
    expect(refused).toMatchObject({ status: 'passed', httpStatus: 400 });

    const accepted = await runCheck(
      check('ach'),
      context('test', () => answer(201, { status: 'succeeded' })),
    );
    expect(accepted).toMatchObject({ status: 'failed', httpStatus: 201 });
  });

  it('fail the upgrade with what the server answered', async () => {
    const result = await runCheck(
      check('upgrade'),
      context('test', () =>
        answer(
          409,
          { error: 'Only an active plan can be changed' },
          'Only an active plan can be changed',
        ),
      ),
    );
    expect(result).toMatchObject({
      status: 'failed',
      httpStatus: 409,
      message: 'Only an active plan can be changed',
    });
  });
});
