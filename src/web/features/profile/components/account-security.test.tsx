// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicUser } from '#web/test/public-user.ts';
import { settle } from '#web/test/settle.ts';
import { AccountSecurityCard } from './account-security.tsx';

const driver = publicUser();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) =>
    url === '/api/auth/change-password'
      ? json(400, {
          error: 'Your current password is not correct',
          fields: { currentPassword: 'Your current password is not correct' },
        })
      : json(200, { message: 'We sent a link to new@example.com.' }),
  );
  // The two-step section asks for its status as it mounts; the forms' calls go to fetchMock.
  vi.stubGlobal('fetch', (url: string, init: RequestInit) =>
    url === '/api/auth/mfa'
      ? Promise.resolve(
          json(200, { totp: false, required: false, recoveryCodesLeft: 0, verifiedUntil: null }),
        )
      : (fetchMock as (url: string, init: RequestInit) => Promise<Response>)(url, init),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let client: QueryClient;
const renderCard = async () => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <AccountSecurityCard user={driver} />
      </QueryClientProvider>,
    );
  });
  // The two-step section's status.
  await settle(client);
};
const type = (label: string, value: string, index = 0) =>
  fireEvent.change(screen.getAllByLabelText(label)[index]!, { target: { value } });

describe('AccountSecurityCard', () => {
  it('checks the form first, then shows the server’s answer next to the current password', async () => {
    await renderCard();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    });
    await settle(null, () => screen.queryAllByText('Enter your current password').length > 0);
    expect(fetchMock).not.toHaveBeenCalled();

    type('Current Password', 'wrong password');
    type('New Password', 'a brand new password');
    type('Confirm New Password', 'a brand new password');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    });
    await settle(client);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/change-password', expect.anything());
    const body = JSON.parse(fetchMock.mock.calls[0]![1].body as string);
    expect(body).toEqual({
      currentPassword: 'wrong password',
      newPassword: 'a brand new password',
    });
    expect(screen.getByText('Your current password is not correct')).toBeTruthy();
  });

  it('asks for the new email with the current password', async () => {
    await renderCard();
    type('New Email', 'NEW@example.com');
    type('Current Password', 'correct horse battery', 1);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send Confirmation Link' }));
    });
    await settle(client, () => fetchMock.mock.calls.length > 0);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/change-email', expect.anything());
    const body = JSON.parse(fetchMock.mock.calls[0]![1].body as string);
    expect(body).toEqual({ newEmail: 'new@example.com', currentPassword: 'correct horse battery' });
  });

  it('signs out everywhere only after a confirmation', async () => {
    await renderCard();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign Out Everywhere' }));
    });
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, Sign Out Everywhere' }));
    });
    await settle(client);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/sign-out-everywhere', expect.anything());
  });
});
