// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDelivery } from '#core/deliveries.ts';
import { WIDE_SCREEN } from '#web/lib/use-media-query.ts';
import { settle } from '#web/test/settle.ts';
import { DeliveriesTab } from './deliveries-tab.tsx';

const failed: AdminDelivery = {
  id: '11111111-1111-4111-8111-111111111111',
  userId: '22222222-2222-4222-8222-222222222222',
  email: 'rosa@lonestar.example',
  channel: 'push',
  status: 'failed',
  attempts: 5,
  lastError: '503: Service Unavailable',
  createdAt: '2026-01-05T15:00:00.000Z',
  sentAt: null,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => json({ deliveries: [failed], total: 1 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <DeliveriesTab />
      </QueryClientProvider>,
    );
  });
  await settle(client);
  return client;
}

describe('DeliveriesTab', () => {
  it('shows to whom, the channel, the status, the tries and the last error', async () => {
    await setup();
    for (const text of ['rosa@lonestar.example', '503: Service Unavailable'])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    // A phone gets a card per delivery, and no hidden table beside it.
    const card = screen.getAllByTestId('delivery-card')[0]!;
    expect(card.textContent).toContain('Failed');
    expect(screen.queryAllByTestId('delivery-row')).toHaveLength(0);
  });

  it('shows a table on a wide screen, and no cards beside it', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === WIDE_SCREEN,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    await setup();
    const row = screen.getAllByTestId('delivery-row')[0]!;
    expect(row.textContent).toContain('Failed');
    expect(row.textContent).toContain('5');
    expect(screen.queryAllByTestId('delivery-card')).toHaveLength(0);
  });

  it('asks the server for the chosen channel and status', async () => {
    const client = await setup();
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    });
    await settle(client);
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Channel'), { target: { value: 'push' } });
    });
    await settle(client);
    const url = String(fetchMock.mock.calls.at(-1)![0]);
    expect(url).toContain('/api/admin/deliveries?');
    expect(url).toContain('status=failed');
    expect(url).toContain('channel=push');
  });
});
