// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '#core/users/schemas.ts';
import { publicUser } from '#web/test/public-user.ts';
import { settle } from '#web/test/settle.ts';
import { ContactsBanner } from './contacts-banner.tsx';

const user = (contacts: PublicUser['contacts']) => publicUser({ contacts });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  sessionStorage.clear();
  fetchMock = vi.fn(async () => json(200, { message: 'We sent a new link to dana@example.com.' }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const EMAIL_TEXT = 'Confirm your email address to get notification emails.';
const PHONE_TEXT = 'Confirm your phone number to get text messages.';

let client: QueryClient;
async function renderBanner(contacts: PublicUser['contacts']) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <ContactsBanner user={user(contacts)} />
      </QueryClientProvider>,
    );
  });
}

describe('ContactsBanner', () => {
  it('asks for each unconfirmed contact, and shows nothing once both are confirmed', async () => {
    await renderBanner({ emailConfirmed: false, phoneConfirmed: false });
    expect(screen.getByText(EMAIL_TEXT)).toBeTruthy();
    expect(screen.getByText(PHONE_TEXT)).toBeTruthy();
    cleanup();
    await renderBanner({ emailConfirmed: true, phoneConfirmed: false });
    expect(screen.queryByText(EMAIL_TEXT)).toBeNull();
    expect(screen.getByText(PHONE_TEXT)).toBeTruthy();
    cleanup();
    await renderBanner({ emailConfirmed: true, phoneConfirmed: true });
    expect(screen.queryByRole('region', { name: 'Confirm your contacts' })).toBeNull();
  });

  it('"Enter code" opens the code dialog, whose code loads at that press', async () => {
    fetchMock.mockImplementation(async () => json(200, { message: 'We sent a code.' }));
    await renderBanner({ emailConfirmed: true, phoneConfirmed: false });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enter code' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await settle(client);
  });

  it('"Send again" asks for a new link and says it was sent', async () => {
    await renderBanner({ emailConfirmed: false, phoneConfirmed: true });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    });
    await settle(client);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users/me/contacts/email/confirmation',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(screen.getByRole('status').textContent).toBe('Sent. Check your inbox.');
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
  });

  it('shows the limit when the server refuses to send again', async () => {
    const refusal =
      'You have asked for too many confirmation emails. Please try again in 1 minute.';
    fetchMock.mockImplementation(async () => json(429, { error: refusal }));
    await renderBanner({ emailConfirmed: false, phoneConfirmed: true });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    });
    await settle(client);
    expect(screen.getByRole('alert').textContent).toBe(refusal);
  });

  it('stays dismissed for the rest of the session, one row at a time', async () => {
    await renderBanner({ emailConfirmed: false, phoneConfirmed: false });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Hide the email reminder' }));
    });
    expect(screen.queryByText(EMAIL_TEXT)).toBeNull();
    expect(screen.getByText(PHONE_TEXT)).toBeTruthy();
    cleanup();
    await renderBanner({ emailConfirmed: false, phoneConfirmed: false });
    expect(screen.queryByText(EMAIL_TEXT)).toBeNull();
    expect(screen.getByText(PHONE_TEXT)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
