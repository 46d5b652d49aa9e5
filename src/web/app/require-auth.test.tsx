// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { TeamContext } from '#core/team/schemas.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { settle } from '#web/test/settle.ts';
import { RequireAuth } from './require-auth.tsx';

const technician = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  name: 'Tess Tech',
  role: 'technician',
} as PublicUser;
const team: TeamContext = {
  providerId: '0d6c1f3a-2b4e-4c5d-8e6f-7a8b9c0d1e2f',
  businessName: 'Big Rig Repair',
  role: 'technician',
  plan: 'premium',
  features: ['priorityQueue'],
  paused: true,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const serve = (context: TeamContext) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/auth/session'
        ? json(200, { user: technician })
        : url === '/api/team'
          ? json(200, context)
          : json(404, { error: 'Not found' }),
    ),
  );

beforeEach(() => window.history.replaceState(null, '', '/bookings'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderGuarded = async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <RequireAuth>
          <p>The bookings</p>
        </RequireAuth>
      </QueryClientProvider>,
    );
  });
  await settle(client);
};

it("shows a paused business's member why its screens are closed, with the way to Profile", async () => {
  serve(team);
  await renderGuarded();
  expect(
    screen.getByText(
      "Big Rig Repair's plan no longer includes team accounts. Ask the owner to upgrade.",
    ),
  ).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Open Profile' }).getAttribute('href')).toBe('/profile');
  expect(screen.queryByText('The bookings')).toBeNull();
});

it('lets a member of a business with team accounts in', async () => {
  serve({ ...team, plan: 'enterprise', features: ['team'], paused: false });
  await renderGuarded();
  expect(screen.getByText('The bookings')).toBeTruthy();
});

it('sends a member away from a screen of other roles to Bookings', async () => {
  serve({ ...team, paused: false });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  window.history.replaceState(null, '', '/admin');
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <RequireAuth roles={['admin']}>
          <p>Admin</p>
        </RequireAuth>
      </QueryClientProvider>,
    );
  });
  await settle(client);
  expect(window.location.pathname).toBe('/bookings');
});
