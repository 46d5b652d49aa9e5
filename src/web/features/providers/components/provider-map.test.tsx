// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProviderListItem } from '#core/providers/search.ts';
import ProviderMap from './provider-map.tsx';

afterEach(cleanup);

const hostileName = '<img src=x onerror=alert(1)>';

const provider: ProviderListItem = {
  id: '11111111-1111-4111-8111-111111111111',
  businessName: hostileName,
  serviceType: 'mobile_mechanic',
  status: 'available',
  rating: 0,
  reviewCount: 0,
  city: 'Dallas',
  state: 'TX',
  latitude: 32.78,
  longitude: -96.8,
  visitFee: 95,
  hourlyRate: 125,
  phone: '(214) 555-0142',
  is24Hour: false,
  acceptsAAA: false,
  profileImage: null,
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
