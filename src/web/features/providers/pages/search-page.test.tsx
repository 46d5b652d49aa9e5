// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProviderListItem, ProviderSummary } from '#core/providers/search.ts';
import { meQueryKey } from '#web/features/auth/index.ts';
import { setLanguage } from '#web/lib/i18n.ts';
import { settle } from '#web/test/settle.ts';
import SearchPage from './search-page.tsx';

const item = (n: number, serviceType: ProviderListItem['serviceType']): ProviderListItem => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  businessName: `Provider ${n}`,
  serviceType,
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
  acceptsAAA: n === 1,
  profileImage: null,
  distance: null,
});

const summary: ProviderSummary = {
  total: 3,
  available: 3,
  byServiceType: { mobile_mechanic: 1, tire_shop: 1, towing: 1 },
  acceptsAAA: 1,
};
const NEXT = '/api/providers?cursor=second-page';

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });

let calls: string[] = [];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === '/api/auth/session') return json({ user: null });
      if (url.startsWith('/api/providers/summary')) return json(summary);
      if (url === NEXT) return json([item(3, 'towing')]);
      if (url === '/api/providers')
        return json([item(1, 'mobile_mechanic'), item(2, 'tire_shop')], {
          link: `<${NEXT}>; rel="next"`,
        });
      return json({ error: `unexpected ${url}` });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let client: QueryClient;
const renderPage = async () => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, null);
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <SearchPage />
      </QueryClientProvider>,
    );
  });
  await settle(client);
};

describe('SearchPage', () => {
  it('counts every page from the summary: the count line, the cards and the tabs', async () => {
    await renderPage();
    expect(screen.getAllByTestId('provider-card')).toHaveLength(2);
    expect(screen.getByTestId('count-line').textContent).toBe('3 service providers found');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All Services (3)',
      'Mechanics (1)',
      'Tire Shops (1)',
      'Towing (1)',
    ]);
    expect(screen.getByTestId('summary-Accept AAA').textContent).toBe('1');
    expect(screen.getByText('Showing 2 of 3')).toBeTruthy();
  });

  it('loads the next page from the Link header with a focusable Show more button', async () => {
    await renderPage();
    const more = screen.getByRole('button', { name: 'Show more' });
    more.focus();
    expect(document.activeElement).toBe(more);
    await act(async () => {
      fireEvent.click(more);
    });
    await settle(client);
    expect(screen.getAllByTestId('provider-card')).toHaveLength(3);
    expect(calls).toContain(NEXT);
    const list = screen.getByRole('list', { name: 'Providers' });
    expect(within(list).getByText('Provider 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('shows the search in Spanish', async () => {
    await setLanguage('es');
    try {
      await renderPage();
      expect(screen.getByRole('heading', { name: 'Buscar servicios' })).toBeTruthy();
      expect(screen.getByTestId('count-line').textContent).toBe(
        '3 proveedores de servicio encontrados',
      );
      expect(screen.getByRole('tab', { name: 'Grúas (1)' })).toBeTruthy();
      expect(screen.getAllByRole('button', { name: /^Reservar ahora: Provider/ })).toHaveLength(2);
    } finally {
      await setLanguage('en');
    }
  });
});
