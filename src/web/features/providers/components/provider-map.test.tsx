// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProviderResult } from '../../../../core/providers/search.ts';
import ProviderMap from './provider-map.tsx';

afterEach(cleanup);

const hostileName = '<img src=x onerror=alert(1)>';

const provider: ProviderResult = {
  id: '11111111-1111-4111-8111-111111111111',
  userId: '22222222-2222-4222-8222-222222222222',
  businessName: hostileName,
  serviceType: 'mobile_mechanic',
  description: null,
  address: '1200 Commerce St',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75202',
  latitude: 32.78,
  longitude: -96.8,
  phone: '(214) 555-0142',
  email: 'shop@lonestar.example',
  website: null,
  visitFee: 95,
  hourlyRate: 125,
  status: 'available',
  rating: 0,
  reviewCount: 0,
  certifications: [],
  specialties: [],
  is24Hour: false,
  acceptsAAA: false,
  profileImage: null,
  verification: 'approved',
  createdAt: '2026-11-01T00:00:00.000Z',
  distance: null,
};

describe('ProviderMap', () => {
  it('shows a business name in its tooltip as text, never as HTML', () => {
    render(<ProviderMap providers={[provider]} position={null} />);
    const marker = document.querySelector(`[data-provider-id="${provider.id}"]`);
    expect(marker).not.toBeNull();
    fireEvent.mouseOver(marker!);
    const tooltip = document.querySelector('.leaflet-tooltip');
    expect(tooltip?.textContent).toBe(`${hostileName} · Available`);
    expect(tooltip?.querySelector('img')).toBeNull();
  });
});
