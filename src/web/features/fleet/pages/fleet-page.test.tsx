// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Fleet } from '#core/fleet/schemas.ts';
import { ApiError } from '#web/api/transport.ts';

const handlers = new Map<string, (data: unknown) => void>();
vi.mock('#web/lib/server-events.ts', () => ({
  onServerEvent: (type: string, handler: (data: unknown) => void) => {
    handlers.set(type, handler);
    return () => handlers.delete(type);
  },
  onServerEventsReopened: () => () => undefined,
}));
const get = vi.fn();
// The business's plan has the fleet (the page asks for it first); `get` answers the board.
vi.mock(import('#web/api/client.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: {
    get: (path: string, ...rest: unknown[]) =>
      path === '/team'
        ? Promise.resolve({ role: 'owner', features: ['fleet'] })
        : get(path, ...rest),
  } as never,
}));

const { default: FleetPage } = await import('./fleet-page.tsx');

const ROSA = '11111111-1111-4111-8111-111111111111';
const JOB = '99999999-9999-4999-8999-999999999999';
const fleet: Fleet = {
  timeZone: 'UTC',
  date: '2026-03-15',
  technicians: [
    {
      id: ROSA,
      name: '<b>Rosa</b> D.',
      status: 'in_progress',
      position: { latitude: 32.123456, longitude: -96.654321, at: '2026-03-15T10:00:00.000Z' },
      currentJob: { id: JOB, serviceType: 'Towing', status: 'in_progress', place: null },
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Sam L.',
      status: 'free',
      position: null,
      currentJob: null,
    },
  ],
  jobs: [],
  figures: {
    month: '2026-03-01',
    requested: 9,
    answered: 8,
    accepted: 6,
    acceptanceRate: 0.75,
    medianMinutesToAccept: 5,
    medianMinutesToArrive: 40,
    completedJobs: 3,
    visitFeeRevenueCents: 22575,
  },
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <FleetPage />
    </QueryClientProvider>,
  );
}

beforeEach(() => get.mockReset());
afterEach(() => {
  cleanup();
  handlers.clear();
});

it('draws one marker per technician with a position, and moves it in place on a tracking event', async () => {
  get.mockResolvedValue(fleet);
  renderPage();
  const marker = await waitFor(() => {
    const found = document.querySelectorAll('.fleet-marker');
    expect(found).toHaveLength(1);
    return found[0]!;
  });
  expect(marker.getAttribute('data-technician')).toBe(ROSA);
  expect(marker.getAttribute('data-position')).toBe('32.12346,-96.65432');
  // The name is text, never HTML.
  const tooltip = document.querySelector('.leaflet-tooltip')!;
  expect(tooltip.textContent).toBe('<b>Rosa</b> D.');
  expect(tooltip.querySelector('b')).toBeNull();

  act(() =>
    handlers.get('tracking')!({
      bookingId: JOB,
      latitude: 32.5,
      longitude: -96.5,
      accuracy: 10,
      recordedAt: '2026-03-15T10:05:00.000Z',
    }),
  );
  const moved = document.querySelector('.fleet-marker')!;
  expect(moved).toBe(marker);
  expect(moved.getAttribute('data-position')).toBe('32.50000,-96.50000');
  expect(get).toHaveBeenCalledTimes(1);

  // A booking event reloads the dashboard.
  act(() => handlers.get('booking')!({ id: JOB, status: 'completed' }));
  await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
});

it("shows the month's figures and asks for the browser's time zone", async () => {
  get.mockResolvedValue(fleet);
  renderPage();
  expect(await screen.findByText('75%')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'March 2026' })).toBeTruthy();
  expect(screen.getByText('2026-03-15 · UTC')).toBeTruthy();
  expect(screen.getByText('6 of 8 answered requests accepted')).toBeTruthy();
  expect(screen.getByText('$225.75')).toBeTruthy();
  expect(screen.getByText('40 min')).toBeTruthy();
  expect(get.mock.calls[0]![0]).toBe('/fleet');
  expect(get.mock.calls[0]![1]).toMatchObject({ params: { query: { tz: expect.any(String) } } });
});

it('offers Try Again after a failure', async () => {
  get.mockRejectedValueOnce(new ApiError(503, 'Service unavailable')).mockResolvedValue(fleet);
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
  expect(await screen.findByText('75%')).toBeTruthy();
});

it('shows a skeleton while loading and the empty states', async () => {
  let resolve: (value: Fleet) => void = () => undefined;
  get.mockReturnValue(new Promise<Fleet>((r) => (resolve = r)));
  renderPage();
  expect(screen.getByLabelText('Loading the fleet')).toBeTruthy();
  await act(async () => resolve({ ...fleet, technicians: [] }));
  expect(await screen.findByText(/No technicians yet/)).toBeTruthy();
  expect(screen.getByText('No jobs today')).toBeTruthy();
  expect(screen.getByText('No technician has shared a position yet')).toBeTruthy();
});
