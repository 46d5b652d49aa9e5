// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { featureGateMessage } from '#core/billing/plan-features.ts';
import { ApiError } from '#web/api/transport.ts';

vi.mock('#web/lib/server-events.ts', () => ({
  onServerEvent: () => () => undefined,
  onServerEventsReopened: () => () => undefined,
}));
const get = vi.fn();
vi.mock(import('#web/api/client.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { get: (...args: unknown[]) => get(...args) } as never,
}));

const { default: FleetPage } = await import('./fleet-page.tsx');

afterEach(cleanup);

const renderPage = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <FleetPage />
    </QueryClientProvider>,
  );

it('shows the upgrade line with a link to billing on another plan', async () => {
  get.mockImplementation(() => Promise.reject(new ApiError(403, featureGateMessage('fleet'))));
  renderPage();
  expect(await screen.findByText(featureGateMessage('fleet'))).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
    '/profile?tab=billing',
  );
});

it('shows a member who may not see the fleet why, with no upgrade link', async () => {
  get.mockImplementation(() =>
    Promise.reject(new ApiError(403, 'Only the owner and dispatchers see the fleet')),
  );
  renderPage();
  expect(await screen.findByText('Only the owner and dispatchers see the fleet')).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
});

it('on a plan without the fleet shows the gate without asking for the board', async () => {
  get.mockReset();
  get.mockImplementation((path: string) =>
    path === '/team'
      ? Promise.resolve({ role: 'owner', features: ['team', 'analytics'] })
      : Promise.reject(new Error(`not asked for: ${path}`)),
  );
  renderPage();
  expect(await screen.findByText(featureGateMessage('fleet'))).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
    '/profile?tab=billing',
  );
  expect(get.mock.calls.map(([path]) => path)).toEqual(['/team']);
});

it('tells a dispatcher on a plan without the fleet, with no upgrade link they could not use', async () => {
  get.mockReset();
  get.mockImplementation((path: string) =>
    path === '/team'
      ? Promise.resolve({ role: 'dispatcher', features: ['team'] })
      : Promise.reject(new Error(`not asked for: ${path}`)),
  );
  renderPage();
  expect(await screen.findByText(featureGateMessage('fleet'))).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
});
