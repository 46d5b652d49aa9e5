// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '#core/bookings/schemas.ts';
import { loadMessageTable, setLanguage } from '#web/lib/i18n.ts';
import { loadLabelSet } from '#web/lib/labels.ts';
import { settle } from '#web/test/settle.ts';
import { BookingCard } from './booking-card.tsx';
import { ProviderBookingCard } from './provider-booking-card.tsx';

vi.mock('#web/components/ui/use-toast.ts', () => ({ toast: vi.fn() }));

const booking = (over: Partial<Booking> = {}): Booking => ({
  id: '11111111-1111-4111-8111-111111111111',
  driverId: '22222222-2222-4222-8222-222222222222',
  providerId: '33333333-3333-4333-8333-333333333333',
  serviceType: 'Brake Repair',
  description: 'Air leak at the rear axle',
  vehicleDetails: null,
  preferredDate: '2026-11-27',
  preferredTime: 'asap',
  status: 'pending',
  visitFee: 1200,
  estimatedCost: 1320,
  actualCost: null,
  platformFee: 120,
  location: 'I-45 N, mile 212',
  truckLocation: 'shoulder',
  latitude: null,
  longitude: null,
  notes: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  updatedAt: '2026-11-26T12:00:00.000Z',
  provider: {
    businessName: 'Brazos Diesel',
    phone: '(214) 555-0100',
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

beforeEach(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { headers: { 'content-type': 'application/json' } })),
  );
  await loadLabelSet();
  await loadMessageTable('es');
  await setLanguage('es');
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await setLanguage('en');
});

async function show(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <Suspense fallback={null}>{node}</Suspense>
      </QueryClientProvider>,
    );
  });
  await settle(client);
}

describe('a booking in Spanish', () => {
  it('shows the provider their request with Accept and Decline, the fees and the urgency', async () => {
    await show(<ProviderBookingCard booking={booking()} sharing={null} />);
    expect(await screen.findByRole('button', { name: 'Aceptar' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rechazar' })).toBeTruthy();
    expect(screen.getByTestId('booking-status').textContent).toBe('Pendiente');
    expect(screen.getByText('Reparación de frenos')).toBeTruthy();
    expect(screen.getByTestId('urgency').textContent).toBe(
      'Camión en el acotamiento: junto al tráfico en movimiento',
    );
    expect(screen.getByText('Tarifa de visita')).toBeTruthy();
    expect(screen.getByText('$1,320.00')).toBeTruthy();
    expect(screen.getByText('27 nov 2026')).toBeTruthy();
    expect(screen.getByText('Lo antes posible')).toBeTruthy();
    // What the driver wrote stays as written, marked as not to translate.
    expect(screen.getByText('Air leak at the rear axle').getAttribute('translate')).toBe('no');
    expect(screen.getByRole('heading').getAttribute('translate')).toBe('no');
  });

  it("shows the driver their booking with Cancel Booking and the provider's name as written", async () => {
    await show(<BookingCard booking={booking({ status: 'confirmed' })} />);
    expect(
      await screen.findByRole('button', { name: 'Cancelar reserva' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Llamar a Brazos Diesel' })).toBeTruthy();
    expect(screen.getByTestId('booking-status').textContent).toBe('Confirmada');
    expect(screen.getByText('Costo total')).toBeTruthy();
  });
});
