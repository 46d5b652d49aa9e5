// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminProvider } from '#core/admin/schemas.ts';
import { settle } from '#web/test/settle.ts';
import { VerificationTab } from './verification-tab.tsx';

const applicant: AdminProvider = {
  id: '11111111-1111-4111-8111-111111111111',
  userId: '22222222-2222-4222-8222-222222222222',
  businessName: 'Lone Star Diesel',
  serviceType: 'mobile_mechanic',
  description: 'Heavy-duty diesel repair on the roadside.',
  address: '1200 Commerce St',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75202',
  latitude: null,
  longitude: null,
  phone: '(214) 555-0142',
  email: 'shop@lonestar.example',
  website: null,
  visitFee: 95,
  hourlyRate: 125,
  status: 'available',
  rating: 0,
  reviewCount: 0,
  certifications: [],
  specialties: ['Air Brake Systems'],
  is24Hour: true,
  acceptsAAA: false,
  profileImage: null,
  verification: 'pending',
  createdAt: '2026-01-05T15:00:00.000Z',
  licenseNumber: 'TX-LIC-4471',
  insurancePolicy: 'POL-99812',
  verificationReason: null,
  pendingChanges: null,
  owner: {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Rosa Ramirez',
    email: 'rosa@lonestar.example',
    suspendedAt: null,
  },
  plan: null,
  completedBookings: 0,
  commission: 0,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === 'PATCH'
      ? json({ ...applicant, verification: 'rejected' })
      : json({ providers: [applicant], total: 1 }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');

/** Renders the tab and waits until the applicants are on it. */
async function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <VerificationTab />
      </QueryClientProvider>,
    );
  });
  await settle(client);
  return client;
}

describe('VerificationTab', () => {
  it('shows everything the applicant sent', async () => {
    await setup();
    expect(screen.getByRole('heading', { name: 'Lone Star Diesel' })).toBeTruthy();
    for (const text of [
      'Rosa Ramirez',
      'rosa@lonestar.example',
      'shop@lonestar.example',
      '(214) 555-0142',
      '1200 Commerce St Dallas, TX 75202',
      'TX-LIC-4471',
      'POL-99812',
      '$95.00',
      '$125.00',
      'Air Brake Systems',
    ])
      expect(screen.getByText(text)).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/admin/providers?verification=pending&page=1&pageSize=10',
    );
  });

  it('rejects only with a reason, and sends that reason', async () => {
    const client = await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Reject Lone Star Diesel' }));
    // The dialog loads on the first open.
    await screen.findByRole('button', { name: 'Reject Application' });
    const send = async () => {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Reject Application' }));
      });
      await settle(client);
    };
    await send();
    await settle(null, () => screen.queryByText('Give a reason (at least 3 characters)') !== null);
    expect(patches()).toEqual([]);

    fireEvent.change(screen.getByLabelText('Reason for rejection'), {
      target: { value: 'Insurance policy could not be verified' },
    });
    await send();
    expect(patches()).toHaveLength(1);
    const [url, init] = patches()[0] ?? [];
    expect(url).toBe(`/api/admin/providers/${applicant.id}`);
    expect(JSON.parse(String(init?.body))).toEqual({
      verification: 'rejected',
      reason: 'Insurance policy could not be verified',
    });
  });
});
