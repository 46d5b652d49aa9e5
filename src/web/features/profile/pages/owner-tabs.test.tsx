// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { featureGateMessage } from '#core/billing/plan-features.ts';
import type { OwnProvider } from '#core/providers/pending-changes.ts';
import type { TeamContext } from '#core/team/schemas.ts';
import { publicUser } from '#web/test/public-user.ts';
import { settle } from '#web/test/settle.ts';
import ProfilePage from './profile-page.tsx';

const owner = publicUser({
  id: '22222222-2222-4222-8222-222222222222',
  username: 'rosa',
  email: 'rosa@lonestar.example',
  name: 'Rosa Ramirez',
  role: 'mechanic',
});
const business: OwnProvider = {
  id: '11111111-1111-4111-8111-111111111111',
  userId: owner.id,
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
  verification: 'approved',
  createdAt: '2026-01-05T15:00:00.000Z',
  pendingChanges: null,
};
const premium: TeamContext = {
  providerId: business.id,
  businessName: business.businessName,
  role: 'owner',
  plan: 'premium',
  features: ['priorityQueue', 'emergencyAssistance', 'liveTracking', 'prioritySupport'],
  paused: false,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  window.history.replaceState(null, '', '/profile?tab=team');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/auth/session'
        ? json(200, { user: owner })
        : url === '/api/meta'
          ? json(200, { email: 'outbox' })
          : url === `/api/service-providers/by-user/${owner.id}`
            ? json(200, business)
            : url === '/api/team'
              ? json(200, premium)
              : json(404, { error: 'Not found' }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("opens an owner's Team tab from ?tab=team, with Help beside it; on Premium, Upgrade opens Billing", async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <ProfilePage />
      </QueryClientProvider>,
    );
  });
  await settle(client, () => screen.queryByText(featureGateMessage('team')) !== null);
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
    'Personal',
    'Business',
    'Services',
    'Billing',
    'Team',
    'Help',
    'Settings',
  ]);
  expect(screen.getByRole('tab', { name: 'Team' }).getAttribute('aria-selected')).toBe('true');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
  });
  expect(screen.getByRole('tab', { name: 'Billing' }).getAttribute('aria-selected')).toBe('true');
});
