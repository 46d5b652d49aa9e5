// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Payment } from '#core/billing/schemas.ts';
import { PaymentHistory } from './payment-history.tsx';

const userId = '33333333-3333-4333-8333-333333333333';
const payment = (id: string, status: Payment['status'], receiptNumber: string): Payment => ({
  id,
  userId,
  bookingId: null,
  subscriptionId: '44444444-4444-4444-8444-444444444444',
  amount: 79.99,
  currency: 'usd',
  paymentMethod: 'card',
  status,
  stripePaymentIntentId: null,
  description: 'Premium plan',
  receiptNumber,
  cardBrand: 'visa',
  cardLast4: '4242',
  periodStart: null,
  periodEnd: null,
  failureMessage: status === 'failed' ? 'Your card was declined.' : null,
  disputeReason: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  updatedAt: '2026-11-26T12:00:00.000Z',
});
const paid = payment('11111111-1111-4111-8111-111111111111', 'completed', 'TF-000101');
const failed = payment('22222222-2222-4222-8222-222222222222', 'failed', 'TF-000102');

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify([paid, failed]), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PaymentHistory', () => {
  it('offers the PDF of a payment that went through, and none for a failed one', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PaymentHistory userId={userId} />
      </QueryClientProvider>,
    );
    const link = await screen.findByRole('link', { name: 'Download PDF of receipt TF-000101' });
    expect(link.getAttribute('href')).toBe(`/api/payments/${paid.id}/receipt.pdf`);
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.queryByRole('link', { name: /TF-000102/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: /Premium plan/ })).toHaveLength(2);
  });
});
