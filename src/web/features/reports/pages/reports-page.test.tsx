// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { featureGateMessage } from '#core/billing/plan-features.ts';
import type { Report } from '#core/reports/schemas.ts';
import { ApiError } from '#web/api/transport.ts';

// The charts draw on a canvas jsdom lacks; the page's tables carry the same numbers.
vi.mock('../components/report-uplot.tsx', () => ({ default: () => null }));
const get = vi.fn();
vi.mock('#web/api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: (...args: unknown[]) => get(...args) },
}));

const { default: ReportsPage } = await import('./reports-page.tsx');

afterEach(() => {
  cleanup();
  get.mockReset();
});

const figures = {
  jobs: 8,
  byStatus: { pending: 1, confirmed: 1, in_progress: 1, completed: 4, cancelled: 1 },
  visitFeeRevenue: 495.75,
  platformFees: 49.58,
  averageRating: 4.25,
  reviews: 4,
  medianMinutesToAccept: 6,
  medianMinutesToArrive: 30,
};
const report: Report = {
  businessName: 'Lone Star Towing',
  from: '2026-03-01',
  to: '2026-03-31',
  groupBy: 'month',
  totals: figures,
  periods: [{ start: '2026-03-01', end: '2026-03-31', ...figures }],
  services: [{ serviceType: 'Engine', jobs: 8, completed: 4, perPeriod: [8] }],
  technicians: [
    {
      id: null,
      name: 'Owner / unassigned',
      jobs: 8,
      completed: 4,
      visitFeeRevenue: 495.75,
      averageRating: 4.25,
      medianMinutesToArrive: 30,
    },
  ],
};

function answer(role: string, reports: () => Promise<unknown>) {
  get.mockImplementation((path: string) =>
    path === '/auth/session'
      ? Promise.resolve({ user: { id: 'u1', role, name: 'Sam Owner' } })
      : path === '/reports'
        ? reports()
        : Promise.reject(new ApiError(404, 'Not found')),
  );
}

const renderPage = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <ReportsPage />
    </QueryClientProvider>,
  );

it('shows an owner without Enterprise the upgrade line and the twelve monthly statements', async () => {
  answer('mechanic', () =>
    Promise.reject(new ApiError(403, featureGateMessage('customReporting'))),
  );
  renderPage();
  expect(await screen.findByText(featureGateMessage('customReporting'))).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
    '/profile?tab=billing',
  );
  const statements = await screen.findByRole('region', { name: 'Monthly statements' });
  const links = within(statements).getAllByRole('link', { name: /^Download PDF/ });
  expect(links).toHaveLength(12);
  expect(links[0]!.getAttribute('href')).toMatch(
    /^\/api\/reports\/statement\?month=\d{4}-\d{2}&format=pdf$/,
  );
});

it('shows the totals, the tables and the download links of the range', async () => {
  answer('dispatcher', () => Promise.resolve(report));
  renderPage();
  expect(await screen.findByText('$495.75', { selector: 'dd' })).toBeTruthy();
  expect(screen.getByText('4.25 ★')).toBeTruthy();
  const technicians = screen.getByRole('region', { name: 'Technicians' });
  expect(within(technicians).getByRole('rowheader', { name: 'Owner / unassigned' })).toBeTruthy();
  const csv = screen.getByRole('link', { name: 'Download CSV' });
  expect(csv.getAttribute('href')).toMatch(/^\/api\/reports\?from=.*&groupBy=day&format=csv$/);
  expect(csv.hasAttribute('download')).toBe(true);
  // Statements are the owner's: a dispatcher sees none.
  expect(screen.queryByRole('region', { name: 'Monthly statements' })).toBeNull();
});

it('says what is wrong with a range before asking', async () => {
  answer('mechanic', () => Promise.resolve(report));
  renderPage();
  const from = await screen.findByLabelText('From');
  const longAgo = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
  fireEvent.change(from, { target: { value: longAgo } });
  expect(await screen.findByText(/By day, a report covers at most 92 days/)).toBeTruthy();
});
