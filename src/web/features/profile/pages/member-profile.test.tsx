// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamContext } from '#core/team/schemas.ts';
import { publicUser } from '#web/test/public-user.ts';
import { settle } from '#web/test/settle.ts';
import ProfilePage from './profile-page.tsx';

const dispatcher = publicUser({
  name: 'Dana Dispatch',
  role: 'dispatcher',
  phone: '(214) 555-0100',
});
const team: TeamContext = {
  providerId: '0d6c1f3a-2b4e-4c5d-8e6f-7a8b9c0d1e2f',
  businessName: 'Big Rig Repair',
  role: 'dispatcher',
  plan: 'enterprise',
  features: ['team', 'fleet'],
  paused: false,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(context: TeamContext) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/auth/session'
        ? json(200, { user: dispatcher })
        : url === '/api/meta'
          ? json(200, { email: 'outbox' })
          : url === '/api/team'
            ? json(200, context)
            : url === `/api/providers/${context.providerId}`
              ? json(200, { id: context.providerId, phone: '(214) 555-0199' })
              : json(404, { error: 'Not found' }),
    ),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <ProfilePage />
      </QueryClientProvider>,
    );
  });
  await settle(client);
  return client;
};

describe("A team member's profile", () => {
  it('says whom they work for, with the business phone, and has Help but no vehicles', async () => {
    serve(team);
    const client = await renderPage();
    await settle(client, () => screen.queryByRole('link', { name: '(214) 555-0199' }) !== null);
    expect(screen.getByRole('heading', { level: 1, name: 'Dana Dispatch' })).toBeTruthy();
    expect(screen.getByText(/You work for/).textContent).toBe(
      'You work for Big Rig Repair as a Dispatcher.',
    );
    expect(screen.getByRole('link', { name: '(214) 555-0199' }).getAttribute('href')).toBe(
      'tel:2145550199',
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Personal',
      'Help',
      'Settings',
    ]);
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Dana Dispatch');
    expect(screen.queryByText(/Vehicle/)).toBeNull();
    await act(async () => {
      fireEvent.mouseDown(screen.getByRole('tab', { name: 'Settings' }));
    });
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it('tells a member of a paused business to ask the owner, and hides Help', async () => {
    serve({ ...team, role: 'technician', paused: true });
    await renderPage();
    expect(
      screen.getByText(
        "Big Rig Repair's plan no longer includes team accounts. Ask the owner to upgrade.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Help' })).toBeNull();
  });
});
