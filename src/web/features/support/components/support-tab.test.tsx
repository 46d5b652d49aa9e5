// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { featureGateMessage } from '#core/billing/plan-features.ts';
import type { SupportRequest } from '#core/support/schemas.ts';
import { ApiError } from '#web/api/transport.ts';
import { loadMessageTable, setLanguage } from '#web/lib/i18n.ts';
import { loadLabelSet } from '#web/lib/labels.ts';
import { settle } from '#web/test/settle.ts';

const get = vi.fn();
const post = vi.fn();
vi.mock('#web/api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
  },
}));
const toast = vi.fn();
vi.mock('#web/components/ui/use-toast.ts', () => ({
  toast: (...args: unknown[]) => toast(...args),
}));

const { default: SupportTab } = await import('./support-tab.tsx');

const answered: SupportRequest = {
  id: '11111111-1111-4111-8111-111111111111',
  subject: 'Invoice question',
  message: 'Where is the invoice for October?',
  bookingId: null,
  status: 'answered',
  senderName: 'Sam Owner',
  createdAt: '2026-11-20T10:00:00.000Z',
  answeredAt: '2026-11-20T11:00:00.000Z',
  replies: [
    {
      id: '22222222-2222-4222-8222-222222222222',
      message: 'It is under Profile, Billing.',
      adminName: 'Morgan',
      createdAt: '2026-11-20T11:00:00.000Z',
    },
  ],
};

function answer(plan: string | null, overrides: Record<string, unknown> = {}) {
  get.mockImplementation((path: string) => {
    if (path in overrides) {
      const value = overrides[path];
      return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
    }
    if (path === '/team')
      return Promise.resolve({
        providerId: 'p1',
        businessName: 'Diesel Doc',
        role: 'owner',
        plan,
        features: [],
        paused: false,
      });
    if (path === '/support-requests') return Promise.resolve([answered]);
    if (path === '/support/account-manager')
      return Promise.resolve({
        name: 'Morgan Manager',
        email: 'morgan@example.com',
        phone: '(214) 555-0100',
      });
    if (path === '/bookings')
      return Promise.resolve([
        {
          id: '33333333-3333-4333-8333-333333333333',
          serviceType: 'Brake Repair',
          preferredDate: '2026-11-21T15:00:00.000Z',
          createdAt: '2026-11-19T15:00:00.000Z',
        },
      ]);
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  toast.mockReset();
});
afterEach(cleanup);

const renderTab = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <SupportTab />
    </QueryClientProvider>,
  );

it('shows an Enterprise business its account manager and priority support', async () => {
  answer('enterprise');
  renderTab();
  const card = await screen.findByLabelText('Your account manager');
  expect(within(card).getByText('Morgan Manager')).toBeTruthy();
  expect(
    within(card)
      .getByRole('link', { name: /morgan@example.com/ })
      .getAttribute('href'),
  ).toBe('mailto:morgan@example.com');
  expect(
    within(card)
      .getByRole('link', { name: /555-0100/ })
      .getAttribute('href'),
  ).toBe('tel:2145550100');
  expect(screen.getByText('24/7 priority support')).toBeTruthy();
});

it('tells an Enterprise business without a manager yet that one is being assigned', async () => {
  answer('enterprise', { '/support/account-manager': null });
  renderTab();
  expect(await screen.findByText(/being assigned/)).toBeTruthy();
});

it('shows Premium the upgrade line for an account manager and priority support', async () => {
  answer('premium');
  renderTab();
  expect(await screen.findByText(featureGateMessage('accountManager'))).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
    '/profile?tab=billing',
  );
  expect(screen.getByText('24/7 priority support')).toBeTruthy();
  expect(get).not.toHaveBeenCalledWith('/support/account-manager');
});

it('shows Basic standard support', async () => {
  answer('basic');
  renderTab();
  expect(await screen.findByText('Standard support')).toBeTruthy();
  expect(screen.getByText(featureGateMessage('accountManager'))).toBeTruthy();
});

it('lists the requests with their status and replies', async () => {
  answer('basic');
  renderTab();
  const list = await screen.findByRole('list', { name: 'Your requests' });
  expect(within(list).getByText('Invoice question')).toBeTruthy();
  expect(within(list).getByText('Answered')).toBeTruthy();
  expect(within(list).getByText('It is under Profile, Billing.')).toBeTruthy();
  expect(within(list).getByText(/Morgan replied/)).toBeTruthy();
});

it('shows an empty list and a failed list with a retry', async () => {
  answer('basic', { '/support-requests': [] });
  renderTab();
  expect(await screen.findByText('No requests yet.')).toBeTruthy();
  cleanup();
  answer('basic', { '/support-requests': new ApiError(500, 'Server error') });
  renderTab();
  expect(await screen.findByText('Could not load your requests.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
});

it('checks the fields before sending', async () => {
  answer('basic');
  renderTab();
  fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
  // The first check loads the form's schema.
  await settle(null, () => screen.queryByText('Subject must be at least 3 characters') !== null);
  expect(screen.getByText('Message must be at least 10 characters')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Subject'), { target: { value: '<b>Hi</b>' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Subject cannot contain < or >')).toBeTruthy();
  expect(post).not.toHaveBeenCalled();
});

it('sends a request with a booking and says so', async () => {
  answer('premium');
  post.mockResolvedValue({ ...answered, status: 'open', replies: [] });
  renderTab();
  fireEvent.change(await screen.findByLabelText('Subject'), { target: { value: 'Payout late' } });
  fireEvent.change(screen.getByLabelText('Message'), {
    target: { value: 'The payout for last week has not arrived.' },
  });
  await screen.findByRole('option', { name: /Brake Repair/ });
  fireEvent.change(screen.getByLabelText('Booking (optional)'), {
    target: { value: '33333333-3333-4333-8333-333333333333' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() =>
    expect(post).toHaveBeenCalledWith('/support-requests', {
      body: {
        subject: 'Payout late',
        message: 'The payout for last week has not arrived.',
        bookingId: '33333333-3333-4333-8333-333333333333',
      },
    }),
  );
  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Request sent' })),
  );
  expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('');
});

it("shows the server's field and form errors", async () => {
  answer('basic');
  post.mockRejectedValue(
    new ApiError(400, "The booking is not one of your business's bookings", {
      bookingId: "The booking is not one of your business's bookings",
    }),
  );
  renderTab();
  fireEvent.change(await screen.findByLabelText('Subject'), { target: { value: 'Payout late' } });
  fireEvent.change(screen.getByLabelText('Message'), {
    target: { value: 'The payout for last week has not arrived.' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(
    await screen.findAllByText("The booking is not one of your business's bookings"),
  ).toHaveLength(2);
  expect(toast).not.toHaveBeenCalled();
});

describe('the Support tab in Spanish', () => {
  afterEach(() => setLanguage('en'));

  it('shows its texts, the plan line, the service and the dates in Spanish', async () => {
    await setLanguage('es');
    await loadMessageTable('es');
    await loadLabelSet();
    answer('basic');
    renderTab();
    expect(await screen.findByText('Soporte estándar')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mejorar plan' })).toBeTruthy();
    expect(screen.getByText(/es parte del plan Enterprise/)).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Sus solicitudes' });
    expect(within(list).getByText('Respondida')).toBeTruthy();
    expect(within(list).getByText(/Morgan respondió · \d+ nov 2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeTruthy();
    expect(
      await screen.findByRole('option', { name: /Reparación de frenos · \d+ nov 2026/ }),
    ).toBeTruthy();
  });
});
