// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Booking } from '#core/bookings/schemas.ts';
import type { TrackedJob } from '#core/bookings/share-links.ts';
import type { TeamContext } from '#core/team/schemas.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { meQueryKey } from '#web/features/auth/index.ts';
import { teamContextKey } from '#web/features/team/index.ts';
import { settle } from '#web/test/settle.ts';
import BookingsPage from './bookings-page.tsx';
import TrackPage from './track-page.tsx';

const TECH_ID = '44444444-4444-4444-8444-444444444444';

const booking = (over: Partial<Booking> = {}): Booking => ({
  id: '11111111-1111-4111-8111-111111111111',
  driverId: '22222222-2222-4222-8222-222222222222',
  providerId: '33333333-3333-4333-8333-333333333333',
  serviceType: 'Brake Repair',
  description: '',
  vehicleDetails: null,
  preferredDate: null,
  preferredTime: null,
  status: 'pending',
  visitFee: 80,
  estimatedCost: 88,
  actualCost: null,
  platformFee: 8,
  location: null,
  truckLocation: null,
  latitude: null,
  longitude: null,
  notes: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  updatedAt: '2026-11-26T12:00:00.000Z',
  provider: {
    businessName: 'Brazos Diesel',
    phone: null,
    profileImage: null,
    serviceType: 'mobile_mechanic',
    acceptsCards: false,
    liveTracking: true,
  },
  technician: null,
  driver: { name: 'Dale Trucker', phone: '(214) 555-0177', avatarUrl: null },
  rated: false,
  payment: null,
  ...over,
});

const userAs = (role: PublicUser['role']) =>
  ({ id: TECH_ID, role, name: 'Tina Wrench', settings: { locationServices: false } }) as PublicUser;

const teamAs = (role: TeamContext['role'], features: TeamContext['features']): TeamContext => ({
  providerId: '33333333-3333-4333-8333-333333333333',
  businessName: 'Brazos Diesel',
  role,
  plan: features.includes('team') ? 'enterprise' : 'basic',
  features,
  paused: false,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let tracked: TrackedJob;
beforeEach(() => {
  tracked = {
    status: 'in_progress',
    businessName: 'Brazos Diesel',
    phone: null,
    liveTracking: false,
    position: null,
    eta: null,
  };
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/api/track/')) return json(tracked);
    if (url.includes('/team/members'))
      return json([
        {
          userId: TECH_ID,
          name: 'Tina Wrench',
          email: 'tina@brazos.example',
          phone: '(214) 555-0101',
          role: 'technician',
          joinedAt: '2026-11-20T12:00:00.000Z',
        },
      ]);
    return json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function showBookings(user: PublicUser, team: TeamContext | null, bookings: Booking[]) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  client.setQueryData(meQueryKey, user);
  client.setQueryData(teamContextKey, team);
  client.setQueryData(['bookings'], bookings);
  const { hook } = memoryLocation({ path: '/bookings' });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <Router hook={hook}>
          <BookingsPage />
        </Router>
      </QueryClientProvider>,
    );
  });
  await settle(client);
}

describe('the bookings page of a technician', () => {
  it('says these are their assigned jobs and offers no way to book', async () => {
    await showBookings(userAs('technician'), teamAs('technician', ['team', 'liveTracking']), []);
    expect(screen.getByText('Your assigned jobs.')).toBeTruthy();
    expect(screen.getByText('No Current Bookings')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Find Services' })).toBeNull();
  });

  it("lists the provider's cards with Start Job only", async () => {
    await showBookings(userAs('technician'), teamAs('technician', ['team', 'liveTracking']), [
      booking({ status: 'confirmed', technician: { id: TECH_ID, firstName: 'Tina' } }),
    ]);
    expect(screen.getByTestId('provider-booking-card')).toBeTruthy();
    expect(screen.queryByTestId('booking-card')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start Job' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByLabelText('Technician')).toBeNull();
  });
});

describe('the bookings page of a dispatcher', () => {
  it('shows every job with Accept and the Technician choice', async () => {
    await showBookings(userAs('dispatcher'), teamAs('dispatcher', ['team', 'liveTracking']), [
      booking(),
    ]);
    expect(screen.getByTestId('provider-booking-card')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(screen.getByLabelText('Technician')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Find Services' })).toBeNull();
  });
});

describe('the bookings page of the owner', () => {
  it('keeps the mechanic texts and offers the Technician choice on Enterprise', async () => {
    await showBookings(userAs('mechanic'), teamAs('owner', ['team', 'liveTracking']), [booking()]);
    expect(screen.getByText('Requests from drivers and the jobs you are working on.')).toBeTruthy();
    expect(screen.getByLabelText('Technician')).toBeTruthy();
  });

  it('offers no Technician choice on a plan without team accounts', async () => {
    await showBookings(userAs('mechanic'), teamAs('owner', ['liveTracking']), [booking()]);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(screen.queryByLabelText('Technician')).toBeNull();
  });
});

describe('the shared tracking page', () => {
  async function showTrack() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { hook } = memoryLocation({ path: `/track/${'a'.repeat(43)}` });
    await act(async () => {
      render(
        <QueryClientProvider client={client}>
          <Router hook={hook}>
            <Route path="/track/:token" component={TrackPage} />
          </Router>
        </QueryClientProvider>,
      );
    });
    await settle(client, () => screen.queryByTestId('track-status') !== null);
  }

  it('says the provider offers no live tracking instead of an empty map', async () => {
    await showTrack();
    expect(screen.getByTestId('track-status').textContent).toBe('In Progress');
    expect(screen.getByTestId('no-live-tracking').textContent).toBe(
      'Live tracking is not offered by this provider',
    );
    expect(screen.queryByText(/Waiting for the provider/)).toBeNull();
  });

  it('still waits for the position when the plan offers live tracking', async () => {
    tracked = { ...tracked, liveTracking: true };
    await showTrack();
    expect(screen.queryByTestId('no-live-tracking')).toBeNull();
    expect(screen.getByText('Waiting for the provider to share their location.')).toBeTruthy();
  });
});
