import { describe, expect, it } from 'vitest';
import { runCheck } from '../shared/checks.ts';
import { testAccount } from '../shared/test-accounts.ts';
import { paymentChecks, type PaymentCheckContext } from './payment-checks.ts';
import { NEEDS_TEST_GATEWAY } from '../shared/billing/test-cards.ts';

type Reply = { status: number; body?: unknown };

const answer = (status: number, body?: unknown): Reply => ({ status, body });

/** The test mechanic, on a server that answers every call with `reply(method, url)`. */
const context = (
  gateway: 'test' | 'stripe',
  reply: (method: string, url: string, body?: string) => Reply,
): PaymentCheckContext => ({
  gateway,
  subscriptionId: '00000000-0000-4000-8000-000000000009',
  account: testAccount(
    {
      user: { id: '00000000-0000-4000-8000-000000000001', name: 'QA Test Mechanic' } as never,
      email: 'qa-test-1@example.com',
      password: 'p',
    },
    't',
    async (url, init) => {
      const { status, body } = reply(init.method ?? 'GET', url, init.body as string | undefined);
      return new Response(body === undefined ? null : JSON.stringify(body), { status });
    },
  ),
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
    const asked: string[] = [];
    const refused = await runCheck(
      check('ach'),
      context('test', (method, url, body) => {
        asked.push(`${method} ${url} ${body}`);
        return answer(400, { error: 'Plans are paid by card' });
      }),
    );
    expect(refused).toMatchObject({ status: 'passed', httpStatus: 400 });
    expect(asked).toEqual([
      'POST /api/payments {"subscriptionId":"00000000-0000-4000-8000-000000000009","paymentMethod":"ach"}',
    ]);

    const accepted = await runCheck(
      check('ach'),
      context('test', () => answer(201, { status: 'succeeded' })),
    );
    expect(accepted).toMatchObject({ status: 'failed', httpStatus: 201 });
  });

  it('fail the upgrade with what the server answered', async () => {
    const result = await runCheck(
      check('upgrade'),
      context('test', () => answer(409, { error: 'Only an active plan can be changed' })),
    );
    expect(result).toMatchObject({
      status: 'failed',
      httpStatus: 409,
      message: 'Only an active plan can be changed',
    });
  });
});
