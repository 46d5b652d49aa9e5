// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { STEP_UP_REQUIRED } from '#core/auth/step-up.ts';
import { api } from '#web/api/client.ts';
import { settle } from '#web/test/settle.ts';
import { AppProviders } from '#web/app/providers.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('loads when the server first wants a re-check, asks for the password, then the action goes again', async () => {
  let proved = false;
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/api/auth/step-up') {
      if (JSON.parse(String(init.body)).password !== 'right one')
        return json(400, {
          error: 'Your password is not correct',
          fields: { password: 'Your password is not correct' },
        });
      proved = true;
      return json(200, { verifiedUntil: new Date().toISOString() });
    }
    return proved ? json(200, [{ id: 'm1' }]) : json(403, { error: STEP_UP_REQUIRED });
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient();
  await act(async () => {
    render(
      <AppProviders queryClient={client}>
        <p>page</p>
      </AppProviders>,
    );
  });
  expect(screen.queryByRole('dialog')).toBeNull();
  const outbox = api.get('/admin/outbox');
  // The call is not a query: wait for the 403 to open the dialog.
  await settle(client, () => screen.queryByRole('dialog') !== null);
  const dialog = screen.getByRole('dialog', { name: "Confirm it's you" });
  const send = async (password: string) => {
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    await settle(client);
  };
  await send('wrong');
  expect(screen.getByRole('alert')).toHaveProperty('textContent', 'Your password is not correct');
  await send('right one');
  await expect(outbox).resolves.toEqual([{ id: 'm1' }]);
  await settle(client, () => !dialog.isConnected);
});
