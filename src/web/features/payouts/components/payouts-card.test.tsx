// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Payout, PayoutAccount, PayoutBalance } from '#core/billing/payouts.ts';
import { settle } from '#web/test/settle.ts';
import { PayoutsCard } from './payouts-card.tsx';

const restricted: PayoutAccount = {
  status: 'restricted',
  requirements: ['Identity document'],
  payoutsEnabled: false,
  schedule: 'daily',
  bankLast4: '1116',
  payoutFailure: 'Your bank refused the payout: check the account number.',
  testMode: true,
};
const balance: PayoutBalance = {
  pending: 12.5,
  available: 200,
  paidOut: 0,
  frozen: 0,
  schedule: 'daily',
};
const failed: Payout = {
  id: '11111111-1111-4111-8111-111111111111',
  amount: 180,
  status: 'failed',
  arrivalDate: '2026-11-27T00:00:00.000Z',
  failureMessage: 'The bank account does not exist.',
  createdAt: '2026-11-26T00:00:00.000Z',
  jobs: [
    {
      bookingId: '22222222-2222-4222-8222-222222222222',
      paymentId: '33333333-3333-4333-8333-333333333333',
      serviceType: 'Brake Repair',
      amount: 180,
      paidAt: '2026-11-23T15:00:00.000Z',
    },
  ],
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

let answers: Record<string, unknown>;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  answers = {
    'GET /api/payouts/account': restricted,
    'GET /api/payouts/balance': balance,
    'GET /api/payouts': [failed],
    'POST /api/payouts/account': {
      url: '/profile?tab=business&payouts=onboarding&account=acct_test_1',
    },
  };
  fetchMock = vi.fn(async (url: string, init: RequestInit) =>
    json(answers[`${init.method} ${url}`]),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <PayoutsCard />
      </QueryClientProvider>,
    );
  });
  await settle(client);
  return client;
}

describe('PayoutsCard', () => {
  it('shows a restricted account with what is missing and why the last payout failed', async () => {
    await setup();
    expect(screen.getByTestId('payout-status').textContent).toBe('Restricted');
    const missing = screen.getByRole('list', { name: 'Still needed' });
    expect(missing.textContent).toBe('Identity document');
    expect(
      screen.getByText('Your bank refused the payout: check the account number.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finish setting up' })).toBeTruthy();
  });

  it('shows the balance, and what disputes hold only when something is held', async () => {
    const client = await setup();
    expect(screen.getByText('$12.50')).toBeTruthy();
    expect(screen.getByText('$200.00')).toBeTruthy();
    expect(screen.queryByText('Held in disputes')).toBeNull();
    answers['GET /api/payouts/balance'] = { ...balance, frozen: 40 };
    await act(() => client.invalidateQueries());
    await settle(client);
    expect(screen.getByText('Held in disputes')).toBeTruthy();
    expect(screen.getByText('$40.00')).toBeTruthy();
  });

  it('lists a failed payout with its reason and the jobs in it', async () => {
    await setup();
    const payout = screen.getByTestId('payout');
    expect(payout.textContent).toContain('$180.00');
    expect(payout.textContent).toContain('Failed');
    expect(payout.textContent).toContain('The bank account does not exist.');
    expect(screen.getByRole('list', { name: 'Jobs in this payout' }).textContent).toContain(
      'Brake Repair',
    );
  });

  it('starts onboarding and goes where the server says', async () => {
    answers['GET /api/payouts/account'] = {
      ...restricted,
      status: 'not_started',
      requirements: [],
      bankLast4: null,
      payoutFailure: null,
    };
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const client = await setup();
    expect(screen.queryByText('Balance')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Set up payouts' }));
    });
    await settle(client);
    expect(assign).toHaveBeenCalledWith(
      '/profile?tab=business&payouts=onboarding&account=acct_test_1',
    );
  });
});
