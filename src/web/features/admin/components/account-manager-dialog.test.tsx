// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { featureGateMessage } from '#core/billing/plan-features.ts';
import { settle } from '#web/test/settle.ts';
import AccountManagerDialog from './account-manager-dialog.tsx';

const providerId = '22222222-2222-4222-8222-222222222222';
const ada = {
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Ada Admin',
  email: 'ada@tf.example',
};
const otto = {
  id: '66666666-6666-4666-8666-666666666666',
  name: 'Otto Operator',
  email: 'otto@tf.example',
};
const adminUser = (u: typeof ada, suspendedAt: string | null = null) => ({
  ...u,
  username: u.name.toLowerCase().replace(' ', '.'),
  phone: '2145550100',
  role: 'admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  suspendedAt,
  suspendedReason: null,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let plan: string | null;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  plan = 'enterprise';
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'PUT') return json({ adminId: JSON.parse(String(init.body)).adminId });
    if (url.includes('/account-manager'))
      return json({ plan, manager: { id: ada.id, name: ada.name, email: ada.email } });
    return json({
      users: [
        adminUser(ada),
        adminUser(otto),
        adminUser(
          { ...otto, id: '77777777-7777-4777-8777-777777777777', name: 'Sam Suspended' },
          '2026-02-01T00:00:00.000Z',
        ),
      ],
      total: 3,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function setup(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <AccountManagerDialog
          provider={{ id: providerId, businessName: 'Lone Star Towing' }}
          onClose={onClose}
        />
      </QueryClientProvider>,
    );
  });
  await settle(client);
  return { client, onClose };
}

describe('AccountManagerDialog', () => {
  it('lists the active admins with the current manager chosen, and saves another', async () => {
    const { client, onClose } = await setup();
    const select = screen.getByLabelText('Account manager') as HTMLSelectElement;
    expect(select.value).toBe(ada.id);
    const options = Array.from(select.options).map((o) => o.textContent);
    expect(options).toEqual([
      'No account manager',
      'Ada Admin (ada@tf.example)',
      'Otto Operator (otto@tf.example)',
    ]);
    await act(async () => {
      fireEvent.change(select, { target: { value: otto.id } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await settle(client);
    const put = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'PUT',
    );
    expect(String(put![0])).toContain(`/api/admin/providers/${providerId}/account-manager`);
    expect(JSON.parse(String((put![1] as RequestInit).body))).toEqual({ adminId: otto.id });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the plan line for a business not on Enterprise without a manager', async () => {
    plan = 'premium';
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).includes('/account-manager')
        ? json({ plan, manager: null })
        : json({ users: [], total: 0 }),
    );
    await setup();
    expect(screen.getByText(featureGateMessage('accountManager'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('shows the server refusal', async () => {
    const { client } = await setup();
    fetchMock.mockImplementation(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT'
        ? json({ error: 'The account manager must be an active admin' }, 400)
        : json({}),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await settle(client);
    expect(screen.getByText('The account manager must be an active admin')).toBeTruthy();
  });
});
