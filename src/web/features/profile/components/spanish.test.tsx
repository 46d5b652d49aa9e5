// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '#web/lib/i18n.ts';
import { publicUser } from '#web/test/public-user.ts';
import { VehiclesCard } from './vehicles-card.tsx';

const driver = publicUser({
  vehicleInfo: {
    vehicles: [
      {
        id: '0b3c8a52-1d2e-4f3a-9b4c-5d6e7f8a9b0c',
        type: 'truck',
        make: 'Peterbilt',
        model: '579',
        year: '2019',
        tireSize: '295/75R22.5',
        tireType: 'commercial',
        loadCapacity: '',
        notes: '',
        licensePlate: 'TX 4KD-2291',
        vin: '',
      },
    ],
  },
  language: 'es',
});

const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Suspense fallback={null}>
        <VehiclesCard user={driver} />
      </Suspense>
    </QueryClientProvider>,
  );

beforeEach(async () => {
  await setLanguage('es');
});
afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

describe('the profile in Spanish', () => {
  it('names the fleet, the vehicle type and the plate in Spanish, the vehicle as it was typed', async () => {
    renderCard();
    expect(await screen.findByRole('heading', { name: 'Mis vehículos' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Agregar vehículo/ })).toBeTruthy();
    const line = screen.getByText(/Camión/);
    expect(line.textContent).toBe('Camión · 295/75R22.5 Comercial · Placa TX 4KD-2291');
    expect(screen.getByText('2019 Peterbilt 579').getAttribute('translate')).toBe('no');
    expect(screen.getByRole('button', { name: 'Editar 2019 Peterbilt 579' })).toBeTruthy();
  });
});
