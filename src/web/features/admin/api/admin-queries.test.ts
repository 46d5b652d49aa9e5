// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { settle } from '#web/test/settle.ts';
import { exportUrl } from './export-links.ts';
import { useAdminBookings } from './use-admin-bookings.ts';
import { useAdminProviders } from './use-admin-providers.ts';
import { useAdminUsers } from './use-admin-users.ts';
import { useAuditLog } from './use-audit-log.ts';
import { useOutbox } from './use-outbox.ts';
import { useUserSuspension } from './use-user-suspension.ts';

const fetchMock = vi.fn(
  async (_url: string, _init?: RequestInit) =>
    new Response('{}', { headers: { 'content-type': 'application/json' } }),
);
beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Runs a hook against the stubbed fetch; answers what it sent. */
async function sent<T>(hook: () => T, then?: (result: T) => void) {
  fetchMock.mockClear();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  const { result } = renderHook(hook, { wrapper });
  await settle(client);
  if (then) {
    act(() => then(result.current));
    await settle(client);
  }
  return fetchMock.mock.calls.map(([url, init]) => ({
    url,
    method: init?.method ?? 'GET',
    body: init?.body,
  }));
}

// Texts are form-encoded as by every call of the client (URLSearchParams): a space is +.
it('asks for a filtered page with the values that are set, empty texts left out', async () => {
  const [users] = await sent(() =>
    useAdminUsers({ search: '', role: 'driver', page: 2, pageSize: 20 }),
  );
  expect(users?.url).toBe('/api/admin/users?role=driver&page=2&pageSize=20');

  const [providers] = await sent(() =>
    useAdminProviders({ search: 'Lone Star', status: undefined, verification: 'pending' }),
  );
  expect(providers?.url).toBe('/api/admin/providers?search=Lone+Star&verification=pending');

  const [bookings] = await sent(() =>
    useAdminBookings({ status: 'completed', from: '2026-11-01', to: '', page: 1, pageSize: 20 }),
  );
  expect(bookings?.url).toBe(
    '/api/admin/bookings?status=completed&from=2026-11-01&page=1&pageSize=20',
  );

  const [audit] = await sent(() => useAuditLog({ page: 1, pageSize: 20 }));
  expect(audit?.url).toBe('/api/admin/audit?page=1&pageSize=20');

  const [outbox] = await sent(() => useOutbox({ to: 'rosa+shop@lonestar.example', limit: 50 }));
  expect(outbox?.url).toBe('/api/admin/outbox?to=rosa%2Bshop%40lonestar.example&limit=50');

  const [all] = await sent(() => useOutbox({}));
  expect(all?.url).toBe('/api/admin/outbox');
});

it('suspends with the reason and reactivates with or without one', async () => {
  const calls = await sent(useUserSuspension, (suspension) => {
    suspension.mutate({ userId: 'u1', suspend: true, reason: 'No-shows' });
  });
  expect(calls).toEqual([
    { url: '/api/admin/users/u1/suspend', method: 'POST', body: '{"reason":"No-shows"}' },
  ]);
  const again = await sent(useUserSuspension, (suspension) => {
    suspension.mutate({ userId: 'u1', suspend: false, reason: undefined });
  });
  expect(again).toEqual([{ url: '/api/admin/users/u1/reactivate', method: 'POST', body: '{}' }]);
});

it('links each CSV export to its route with the date range', () => {
  expect(exportUrl('bookings', '2026-11-01', '2026-11-26')).toBe(
    '/api/admin/export/bookings.csv?from=2026-11-01&to=2026-11-26',
  );
  expect(exportUrl('payments', '2026-10-01', '2026-10-31')).toBe(
    '/api/admin/export/payments.csv?from=2026-10-01&to=2026-10-31',
  );
});
