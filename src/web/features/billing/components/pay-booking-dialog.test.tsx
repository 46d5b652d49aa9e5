// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '#core/bookings/schemas.ts';
import { settle } from '#web/test/settle.ts';
import { PayBookingDialog } from './pay-booking-dialog.tsx';

const booking: Booking = {
  id: '11111111-1111-4111-8111-111111111111',
  driverId: '22222222-2222-4222-8222-222222222222',
  providerId: '33333333-3333-4333-8333-333333333333',
  serviceType: 'Brake Repair',
  description: '',
  vehicleDetails: null,
  preferredDate: null,
  preferredTime: null,
  status: 'completed',
  visitFee: 80,
  estimatedCost: 88,
  actualCost: 200,
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
    liveTracking: false,
  },
  technician: null,
  driver: { name: 'Dale Trucker', phone: '(214) 555-0177', avatarUrl: null },
  rated: false,
  payment: null,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      json(
        url === '/api/meta'
          ? {
              email: 'outbox',
              sms: 'outbox',
              payments: 'test',
              stripePublishableKey: null,
              demoData: true,
            }
          : [],
      ),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function setup(job: Booking) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <PayBookingDialog booking={job} total={220} onClose={() => undefined} />
      </QueryClientProvider>,
    );
  });
  await settle(client);
}

describe('PayBookingDialog', () => {
  it('charges the total it is given', async () => {
    await setup({ ...booking, provider: { ...booking.provider, acceptsCards: true } });
    expect(screen.getAllByText('$220.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('radio', { name: 'A new card' })).toBeTruthy();
  });

  it('offers cash only, and says why, when the provider cannot take cards yet', async () => {
    await setup(booking);
    expect(screen.getByTestId('cards-unavailable').textContent).toBe(
      "Card payments aren't available for Brazos Diesel yet — pay in cash.",
    );
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.queryByText('Test mode — no real charge')).toBeNull();
    expect(screen.getByRole('button', { name: 'Record cash payment of $220.00' })).toBeTruthy();
  });
});
