// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { STEP_UP_REQUIRED } from '#core/auth/step-up.ts';
import { api } from '#web/api/client.ts';
import { settle } from '#web/test/settle.ts';
import StepUpDialog from './step-up-dialog.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('asks for the password when the server wants a re-check, then the action goes again', async () => {
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
      <QueryClientProvider client={client}>
        <StepUpDialog />
      </QueryClientProvider>,
    );
  });
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
