// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSupportRequest } from '#core/support/schemas.ts';
import { settle } from '#web/test/settle.ts';
import { supportAge, SupportQueueTab } from './support-queue-tab.tsx';

const request = (over: Partial<AdminSupportRequest>): AdminSupportRequest => ({
  id: '11111111-1111-4111-8111-111111111111',
  subject: 'Payout missing',
  message: 'My payout for last week has not arrived.',
  bookingId: null,
  status: 'open',
  senderName: 'Rosa Diaz',
  createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  answeredAt: null,
  replies: [],
  providerId: '22222222-2222-4222-8222-222222222222',
  businessName: 'Lone Star Towing',
  plan: 'enterprise',
  priority: 0,
  sender: {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Rosa Diaz',
    email: 'rosa@lonestar.example',
  },
  managerId: null,
  mine: false,
  ...over,
});

const queue = [
  request({ mine: true }),
  request({
    id: '44444444-4444-4444-8444-444444444444',
    subject: 'Invoice question',
    businessName: 'Basic Fix',
    plan: 'basic',
    priority: 2,
  }),
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'POST' && url.includes('/replies'))
      return json(
        { id: queue[0]!.id, requestId: queue[0]!.id, createdAt: new Date().toISOString() },
        201,
      );
    return json(queue);
  });
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
        <SupportQueueTab />
      </QueryClientProvider>,
    );
  });
  await settle(client);
  return client;
}

describe('SupportQueueTab', () => {
  it('asks for the open queue and shows plan, age, business and sender in order', async () => {
    await setup();
    expect(String(fetchMock.mock.calls[0]![0])).toContain(
      '/api/admin/support-requests?status=open',
    );
    const items = within(screen.getByRole('list', { name: 'Support queue' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Enterprise');
    expect(items[0]!.textContent).toContain('Your business');
    expect(items[0]!.textContent).toContain('waiting 3 h');
    expect(items[0]!.textContent).toContain('Lone Star Towing');
    expect(items[0]!.textContent).toContain('rosa@lonestar.example');
    expect(items[1]!.textContent).toContain('Basic');
  });

  it('switches to answered requests', async () => {
    const client = await setup();
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'answered' } });
    });
    await settle(client);
    expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('status=answered');
  });

  it('checks a reply, then sends it', async () => {
    const client = await setup();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reply to Payout missing' }));
    });
    const box = screen.getByLabelText('Reply');
    await act(async () => {
      fireEvent.change(box, { target: { value: 'short' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    });
    expect(screen.getByText('Message must be at least 10 characters')).toBeTruthy();
    await act(async () => {
      fireEvent.change(box, { target: { value: 'Payouts arrive on Fridays.' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    });
    await settle(client);
    const post = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
    );
    expect(String(post![0])).toContain(`/api/admin/support-requests/${queue[0]!.id}/replies`);
    expect(JSON.parse(String((post![1] as RequestInit).body))).toEqual({
      message: 'Payouts arrive on Fridays.',
    });
    expect(screen.queryByLabelText('Reply')).toBeNull();
  });

  it('shows an empty open queue', async () => {
    fetchMock.mockImplementation(async () => json([]));
    await setup();
    expect(screen.getByText('No open requests. All caught up.')).toBeTruthy();
  });
});

describe('supportAge', () => {
  it('reads minutes, hours, then days', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(supportAge('2026-11-26T11:30:00Z', now)).toBe('30 min');
    expect(supportAge('2026-11-26T07:00:00Z', now)).toBe('5 h');
    expect(supportAge('2026-11-22T12:00:00Z', now)).toBe('4 d');
  });
});
