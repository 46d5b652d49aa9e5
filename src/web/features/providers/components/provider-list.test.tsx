// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProviderListItem } from '#core/providers/search.ts';
import { ProviderList, VIRTUAL_AFTER } from './provider-list.tsx';

const provider = (n: number): ProviderListItem => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  businessName: `Provider ${n}`,
  serviceType: 'towing',
  status: 'available',
  rating: 4.5,
  reviewCount: 3,
  city: 'Dallas',
  state: 'TX',
  latitude: 32.78,
  longitude: -96.8,
  visitFee: 95,
  hourlyRate: null,
  phone: '2145550142',
  is24Hour: false,
  acceptsAAA: false,
  profileImage: null,
  distance: null,
});

const renderList = (count: number) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProviderList providers={Array.from({ length: count }, (_, i) => provider(i + 1))} />
    </QueryClientProvider>,
  );

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ user: null }))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProviderList', () => {
  it('renders a short list whole', () => {
    renderList(VIRTUAL_AFTER);
    expect(screen.getAllByRole('listitem')).toHaveLength(VIRTUAL_AFTER);
  });

  it('renders only the cards near the screen of a long list, each with its place in the list', () => {
    // jsdom lays nothing out: every card measures as a phone's card would.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 358, height: 202 }),
    );
    renderList(200);
    const items = screen.getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThan(20);
    expect(items[0]!.getAttribute('aria-setsize')).toBe('200');
    expect(items[0]!.getAttribute('aria-posinset')).toBe('1');
    expect(screen.getByRole('list', { name: 'Providers' })).toBeTruthy();
  });
});
