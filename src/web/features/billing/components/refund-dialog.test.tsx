// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '#web/test/settle.ts';
import { RefundDialog } from './refund-dialog.tsx';

const paymentId = '11111111-1111-4111-8111-111111111111';
const target = {
  paymentId,
  amount: 220,
  refundedAmount: 20,
  driverName: 'Dale Trucker',
  serviceType: 'Brake Repair',
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { amount?: number; reason: string };
    return new Response(
      JSON.stringify({
        id: '22222222-2222-4222-8222-222222222222',
        paymentId,
        amount: body.amount ?? 200,
        platformFeeRefunded: 0,
        providerReversed: 0,
        reason: body.reason,
        createdAt: '2026-11-26T12:00:00.000Z',
      }),
      { headers: { 'content-type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function setup() {
  const client = new QueryClient();
  const onClose = vi.fn();
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <RefundDialog target={target} onClose={onClose} />
      </QueryClientProvider>,
    );
  });
  return { client, onClose };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const errorOf = (label: string) => {
  const id = field(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};
const refund = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
  });
/** The first check loads the form's schema: waits until it has marked `label` wrong. */
const refused = (label: string) =>
  settle(null, () => field(label).getAttribute('aria-invalid') === 'true');

describe('RefundDialog', () => {
  it('offers what is left and asks for a reason before sending anything', async () => {
    await setup();
    expect(field('Amount to refund ($)').value).toBe('200.00');
    await refund();
    await refused('Reason');
    expect(errorOf('Reason')).toBe('Say why the payment is refunded (at least 3 characters)');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses more than is left', async () => {
    await setup();
    type('Amount to refund ($)', '200.01');
    type('Reason', 'Wrong part fitted');
    await refund();
    await refused('Amount to refund ($)');
    expect(errorOf('Amount to refund ($)')).toBe('At most $200.00 is left to refund');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a part with its amount, and the rest without one', async () => {
    const { client, onClose } = await setup();
    type('Amount to refund ($)', '50.5');
    type('Reason', 'Wrong part fitted');
    await refund();
    await settle(client, () => fetchMock.mock.calls.length > 0);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/payments/${paymentId}/refund`);
    expect(JSON.parse(String(init.body))).toEqual({ amount: 50.5, reason: 'Wrong part fitted' });
    expect(onClose).toHaveBeenCalled();

    cleanup();
    fetchMock.mockClear();
    const second = await setup();
    type('Reason', 'Job not done');
    await refund();
    await settle(second.client, () => fetchMock.mock.calls.length > 0);
    const [, rest] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(rest.body))).toEqual({ reason: 'Job not done' });
  });
});
