// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '#web/test/settle.ts';
import ResetPasswordPage from './reset-password-page.tsx';

// The strength meter loads its dictionaries on demand; this page's test is about the token.
vi.mock('#web/components/password-meter.tsx', () => ({ PasswordMeter: () => null }));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => json({ message: 'Your password was changed.' }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(address: string) {
  window.history.replaceState(null, '', address);
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <ResetPasswordPage />
    </QueryClientProvider>,
  );
  return client;
}

describe('ResetPasswordPage', () => {
  it('takes the token out of the address bar at once and still sends it with the new password', async () => {
    const client = open('/reset-password?token=secret-token-123&from=email');
    expect(window.location.pathname).toBe('/reset-password');
    expect(window.location.search).toBe('?from=email');
    expect(window.location.href).not.toContain('secret-token-123');

    fireEvent.change(screen.getByLabelText('New Password', { exact: true }), {
      target: { value: 'my new password 42' },
    });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), {
      target: { value: 'my new password 42' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    });
    // The form checks its fields (asynchronously) before the reset is sent.
    await settle(client, () => fetchMock.mock.calls.length > 0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/reset-password');
    expect(JSON.parse(init.body as string)).toEqual({
      token: 'secret-token-123',
      password: 'my new password 42',
    });
  });

  it('without a token says the link is invalid', () => {
    open('/reset-password');
    expect(screen.getByText(/This reset link is invalid or has expired/)).toBeTruthy();
  });
});
