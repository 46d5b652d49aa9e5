// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicUser } from '#web/test/public-user.ts';
import { settle } from '#web/test/settle.ts';
import ProfilePage from './profile-page.tsx';

const mechanic = publicUser({
  username: 'nina',
  email: 'nina@example.com',
  name: 'Nina Mechanic',
  role: 'mechanic',
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  // A signed-in mechanic who has not created the business yet.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/auth/session'
        ? json(200, { user: mechanic })
        : url === '/api/meta'
          ? json(200, { email: 'outbox' })
          : json(404, { error: 'No service provider found' }),
    ),
  );
});
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
  // The mechanic's profile is a module of its own (role-profiles.ts), imported on first render.
  await settle(
    client,
    () => screen.queryByRole('heading', { name: 'Create your business profile' }) !== null,
  );
};

describe('ProfilePage, a mechanic without a business', () => {
  it('opens on the business creation form, with Personal and Settings beside it', async () => {
    await renderPage();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Personal',
      'Business',
      'Settings',
    ]);
    expect(screen.getByRole('tab', { name: 'Business' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Nina Mechanic' })).toBeTruthy();
    expect(screen.getByTestId('role-label').textContent).toBe('Mechanic');
  });

  it('shows the personal details and the settings with Sign Out', async () => {
    await renderPage();
    await act(async () => {
      fireEvent.mouseDown(screen.getByRole('tab', { name: 'Personal' }));
    });
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Nina Mechanic');
    await act(async () => {
      fireEvent.mouseDown(screen.getByRole('tab', { name: 'Settings' }));
    });
    // The Settings tab's cards load when it opens.
    await settle(null, () => screen.queryByRole('switch', { name: 'Push Notifications' }) !== null);
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Reviews & Ratings' })).toBeNull();
  });
});
