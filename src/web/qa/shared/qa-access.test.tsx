// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '#core/users/schemas.ts';
import { settle } from '#web/test/settle.ts';
import { QaAccess } from './qa-access.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** A server with or without demo data, and a visitor signed out or signed in with `role`. */
async function open(demoData: boolean, role: Role | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/meta'
        ? json({
            email: 'outbox',
            sms: 'outbox',
            payments: 'test',
            stripePublishableKey: null,
            demoData,
          })
        : json({ user: role ? { id: 'u1', name: 'Pat', role } : null }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <QaAccess>
          <p>the checks</p>
        </QaAccess>
      </QueryClientProvider>,
    );
  });
  await settle(client);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('QaAccess: who may use the internal pages', () => {
  it.each([
    ['an admin on a server with real data', false, 'admin'],
    ['a driver on a demo server', true, 'driver'],
    ['a signed-out visitor on a demo server', true, null],
  ] as const)('lets in %s', async (_who, demoData, role) => {
    await open(demoData, role);
    expect(screen.getByText('the checks')).toBeTruthy();
  });

  it('asks a signed-out visitor to sign in when the server holds real data', async () => {
    await open(false, null);
    expect(screen.getByRole('heading', { name: 'Sign in to use the test pages' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toMatch(
      /^\/\?next=/,
    );
    expect(screen.queryByText('the checks')).toBeNull();
  });

  it.each(['driver', 'mechanic'] as const)(
    'shows a %s on a server with real data that the pages are for admins',
    async (role) => {
      await open(false, role);
      expect(screen.getByRole('heading', { name: 'Admins only' })).toBeTruthy();
      expect(screen.queryByText('the checks')).toBeNull();
    },
  );
});
