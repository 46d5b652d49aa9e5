// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamInvitePreview } from '#core/team/schemas.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { publicUser } from '#web/test/public-user.ts';
import { settle } from '#web/test/settle.ts';
import JoinPage from './join-page.tsx';

const token = 'a'.repeat(43);
const preview: TeamInvitePreview = {
  businessName: 'Big Rig Repair',
  email: 'tess@example.com',
  role: 'technician',
  expiresAt: '2026-11-29T12:00:00.000Z',
};
const tess = publicUser({
  username: 'tess',
  email: 'tess@example.com',
  name: 'Tess Tech',
  role: 'technician',
  phone: '(214) 555-0101',
  contacts: { emailConfirmed: true, phoneConfirmed: false },
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (url: string, init: RequestInit) => Response | undefined;
function serve({
  me = null,
  handler = () => undefined,
}: {
  me?: PublicUser | null;
  handler?: Handler;
}) {
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url === '/api/auth/session') return json(200, { user: me });
    if (url.startsWith('/api/team/invites/preview')) return json(200, preview);
    if (url === '/api/meta') return json(200, { email: 'outbox' });
    return json(404, { error: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => window.history.replaceState(null, '', `/join?token=${token}`));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <JoinPage />
      </QueryClientProvider>,
    );
  });
  await settle(client);
  return client;
};

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('JoinPage', () => {
  it('shows the business, the role and the email, then makes the account and opens Bookings', async () => {
    const fetch = serve({
      handler: (url) =>
        url === '/api/team/invites/accept' ? json(201, { user: tess }) : undefined,
    });
    const client = await renderPage();
    expect(screen.getByRole('heading', { name: 'Join Big Rig Repair' })).toBeTruthy();
    expect(screen.getByText(/invited as a Technician/)).toBeTruthy();
    expect(screen.getByText('tess@example.com')).toBeTruthy();
    fill('Full Name', 'Tess Tech');
    fill('Phone', '(214) 555-0101');
    fill('Password', 'Wrench-Torque-2026!');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Account and Join' }));
    });
    const accepted = () => fetch.mock.calls.find(([url]) => url === '/api/team/invites/accept');
    await settle(client, () => accepted() !== undefined);
    const accept = accepted();
    expect(JSON.parse(String(accept?.[1]?.body))).toEqual({
      token,
      name: 'Tess Tech',
      phone: '(214) 555-0101',
      password: 'Wrench-Torque-2026!',
    });
    expect(window.location.pathname).toBe('/bookings');
  });

  it('says plainly when the link has expired, with a way home', async () => {
    serve({
      handler: (url) =>
        url.startsWith('/api/team/invites/preview')
          ? json(404, { error: 'This invitation link is not valid or has expired' })
          : undefined,
    });
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Invitation Not Valid' })).toBeTruthy();
    expect(screen.getByText(/not valid or has expired/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('shows the form errors, and the server errors under their fields', async () => {
    serve({
      handler: (url) =>
        url === '/api/team/invites/accept'
          ? json(400, {
              error: 'Please check the highlighted fields',
              fields: { phone: 'Phone number is already registered' },
            })
          : undefined,
    });
    const client = await renderPage();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Account and Join' }));
    });
    await settle(
      client,
      () => screen.getByLabelText('Full Name').getAttribute('aria-invalid') === 'true',
    );
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    fill('Full Name', 'Tess Tech');
    fill('Phone', '(214) 555-0101');
    fill('Password', 'Wrench-Torque-2026!');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Account and Join' }));
    });
    await settle(client);
    expect(screen.getByText('Phone number is already registered')).toBeTruthy();
    expect(screen.getByText('Please check the highlighted fields')).toBeTruthy();
    expect(window.location.pathname).toBe('/join');
  });

  it('asks a signed-in visitor to sign out first', async () => {
    serve({ me: { ...tess, role: 'driver', email: 'dave@example.com' } });
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Sign Out First' })).toBeTruthy();
    expect(screen.getByText(/dave@example.com/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});
