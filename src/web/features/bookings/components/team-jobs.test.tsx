// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { featureGateMessage } from '#core/billing/plan-features.ts';
import type { Booking } from '#core/bookings/schemas.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { settle } from '#web/test/settle.ts';
import { BookingCard } from './booking-card.tsx';
import { ProviderBookingCard } from './provider-booking-card.tsx';

vi.mock('#web/components/ui/use-toast.ts', () => ({ toast: vi.fn() }));

const TECH_ID = '44444444-4444-4444-8444-444444444444';
const OTHER_ID = '55555555-5555-4555-8555-555555555555';

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

const members = [
  {
    userId: TECH_ID,
    name: 'Tina Wrench',
    email: 'tina@brazos.example',
    phone: '(214) 555-0101',
    role: 'technician',
    joinedAt: '2026-11-20T12:00:00.000Z',
  },
  {
    userId: OTHER_ID,
    name: 'Dan Dispatch',
    email: 'dan@brazos.example',
    phone: '(214) 555-0102',
    role: 'dispatcher',
    joinedAt: '2026-11-20T12:00:00.000Z',
  },
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let patchAnswer: () => Response;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  patchAnswer = () => json(booking({ technician: { id: TECH_ID, firstName: 'Tina' } }));
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'PATCH') return patchAnswer();
    if (url.includes('/team/members')) return json(members);
    return json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(toast).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function show(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
  });
  await settle(client);
  return client;
}

const patches = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')
    .map(([url, init]) => ({
      url: String(url),
      body: JSON.parse(String((init as RequestInit).body)) as unknown,
    }));

describe('ProviderBookingCard for a technician', () => {
  it('has no Accept or Decline on a pending job', async () => {
    await show(<ProviderBookingCard booking={booking()} sharing={null} side="technician" />);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(screen.queryByLabelText('Technician')).toBeNull();
  });

  it('starts a confirmed job without a Cancel button', async () => {
    await show(
      <ProviderBookingCard
        booking={booking({ status: 'confirmed' })}
        sharing={null}
        side="technician"
      />,
    );
    expect(screen.getByRole('button', { name: 'Start Job' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('completes a job in progress and shows the sharing state', async () => {
    await show(
      <ProviderBookingCard
        booking={booking({ status: 'in_progress', technician: { id: TECH_ID, firstName: 'Tina' } })}
        sharing="sharing"
        side="technician"
      />,
    );
    expect(screen.getByRole('button', { name: 'Complete Job' })).toBeTruthy();
    expect(
      screen.getByText('Sharing your location with the driver while this page is open.'),
    ).toBeTruthy();
    // Their own job: no "Assigned to" line about themselves.
    expect(screen.queryByTestId('assigned-to')).toBeNull();
  });

  it('says tracking is a Premium feature instead of sharing on a plan without it', async () => {
    await show(
      <ProviderBookingCard
        booking={booking({
          status: 'in_progress',
          provider: { ...booking().provider, liveTracking: false },
        })}
        sharing="off"
        side="technician"
      />,
    );
    expect(screen.getByTestId('live-tracking-gate').textContent).toBe(
      featureGateMessage('liveTracking'),
    );
    expect(featureGateMessage('liveTracking')).toBe(
      'Real-time tracking is part of the Premium plan. Upgrade in Profile → Billing.',
    );
    expect(screen.queryByText(/Starting location sharing/)).toBeNull();
  });
});

describe('ProviderBookingCard for the owner', () => {
  it('keeps Accept and Decline, and shows no Technician choice without team accounts', async () => {
    await show(<ProviderBookingCard booking={booking()} sharing={null} />);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(screen.queryByLabelText('Technician')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/team/members'))).toBe(false);
  });

  it('shows who the job is assigned to', async () => {
    await show(
      <ProviderBookingCard
        booking={booking({ status: 'confirmed', technician: { id: TECH_ID, firstName: 'Tina' } })}
        sharing={null}
        side="dispatcher"
      />,
    );
    expect(screen.getByTestId('assigned-to').textContent).toBe('Assigned to Tina');
  });
});

describe('Assigning a job', () => {
  it('lists Unassigned and the technicians only', async () => {
    await show(<ProviderBookingCard booking={booking()} sharing={null} canAssign />);
    const select = screen.getByLabelText('Technician') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Unassigned', 'Tina Wrench']);
    expect(select.value).toBe('');
  });

  it('saves on change and says "Job assigned"', async () => {
    const client = await show(
      <ProviderBookingCard booking={booking()} sharing={null} side="dispatcher" canAssign />,
    );
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Technician'), { target: { value: TECH_ID } });
    });
    await settle(client);
    expect(patches()).toEqual([
      {
        url: expect.stringContaining(`/api/bookings/${booking().id}`),
        body: { technicianId: TECH_ID },
      },
    ]);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Job assigned' }));
  });

  it('gives the job back with "Job unassigned"', async () => {
    patchAnswer = () => json(booking());
    const client = await show(
      <ProviderBookingCard
        booking={booking({ status: 'in_progress', technician: { id: TECH_ID, firstName: 'Tina' } })}
        sharing={null}
        canAssign
      />,
    );
    const select = screen.getByLabelText('Technician') as HTMLSelectElement;
    expect(select.value).toBe(TECH_ID);
    await act(async () => {
      fireEvent.change(select, { target: { value: '' } });
    });
    await settle(client);
    expect(patches()[0]?.body).toEqual({ technicianId: null });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Job unassigned' }));
  });

  it('shows the error as a toast when the server refuses', async () => {
    patchAnswer = () =>
      json({ error: 'Choose a technician of your team', code: 'bad_request' }, 400);
    const client = await show(<ProviderBookingCard booking={booking()} sharing={null} canAssign />);
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Technician'), { target: { value: TECH_ID } });
    });
    await settle(client);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Assign failed', variant: 'destructive' }),
    );
  });

  it('is not offered on a job that has ended', async () => {
    await show(
      <ProviderBookingCard booking={booking({ status: 'completed' })} sharing={null} canAssign />,
    );
    expect(screen.queryByLabelText('Technician')).toBeNull();
  });
});

describe("The driver's BookingCard", () => {
  it('names the technician under the business name', async () => {
    await show(
      <BookingCard
        booking={booking({ status: 'confirmed', technician: { id: TECH_ID, firstName: 'Tina' } })}
      />,
    );
    expect(screen.getByTestId('booking-technician').textContent).toBe('Technician: Tina');
  });

  it('has no technician line for a job the business does itself', async () => {
    await show(<BookingCard booking={booking({ status: 'confirmed' })} />);
    expect(screen.queryByTestId('booking-technician')).toBeNull();
  });

  it('says the provider offers no live tracking instead of a map', async () => {
    await show(
      <BookingCard
        booking={booking({
          status: 'in_progress',
          provider: { ...booking().provider, liveTracking: false },
        })}
      />,
    );
    expect(screen.getByTestId('no-live-tracking').textContent).toBe(
      'Live tracking is not offered by this provider',
    );
    expect(screen.getByTestId('booking-status').textContent).toBe('In Progress');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/position'))).toBe(false);
  });

  it('follows the provider live when the plan offers it', async () => {
    await show(<BookingCard booking={booking({ status: 'in_progress' })} />);
    expect(screen.queryByTestId('no-live-tracking')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/position'))).toBe(true);
  });
});
