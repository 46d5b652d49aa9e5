// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { featureGateMessage } from '#core/billing/plan-features.ts';
import type { Report } from '#core/reports/schemas.ts';
import { ApiError } from '#web/api/transport.ts';
import { loadMessageTable, setLanguage } from '#web/lib/i18n.ts';
import { loadLabelSet } from '#web/lib/labels.ts';

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

function answer(role: string, reports: () => Promise<unknown>, team?: object) {
  get.mockImplementation((path: string) =>
    path === '/auth/session'
      ? Promise.resolve({ user: { id: 'u1', role, name: 'Sam Owner' } })
      : path === '/reports'
        ? reports()
        : path === '/team' && team
          ? Promise.resolve(team)
          : Promise.reject(new ApiError(404, 'Not found')),
  );
}

const renderPage = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <Suspense fallback={null}>
        <ReportsPage />
      </Suspense>
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

it('decides from the plan before asking: no range form first, no report asked for', async () => {
  const reports = vi.fn(() => Promise.resolve(report));
  answer('mechanic', reports, {
    providerId: '7d1f3c8e-8a55-4d0e-9a43-0f1b8e7c2a11',
    businessName: 'Lone Star Towing',
    role: 'owner',
    plan: 'premium',
    features: ['fleet'],
    paused: false,
  });
  renderPage();
  expect(screen.queryByRole('form', { name: 'Report range' })).toBeNull();
  expect(await screen.findByText(featureGateMessage('customReporting'))).toBeTruthy();
  expect(screen.queryByRole('form', { name: 'Report range' })).toBeNull();
  expect(await screen.findByRole('region', { name: 'Monthly statements' })).toBeTruthy();
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

it('shows the report in Spanish', async () => {
  await setLanguage('es');
  await Promise.all([loadMessageTable('es'), loadLabelSet()]);
  try {
    answer('mechanic', () => Promise.resolve(report));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Informes', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Trabajos por periodo' })).toBeTruthy();
    expect(screen.getByText('4 reseñas')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Dueño / sin asignar' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: '1 mar 2026 – 31 mar 2026' })).toBeTruthy();
    const statements = screen.getByRole('region', { name: 'Estados de cuenta mensuales' });
    const links = within(statements).getAllByRole('link', { name: /^Descargar PDF/ });
    expect(links).toHaveLength(12);
  } finally {
    await setLanguage('en');
  }
});
