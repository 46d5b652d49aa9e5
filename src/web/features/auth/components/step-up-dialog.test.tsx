// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { STEP_UP_REQUIRED } from '#core/auth/step-up.ts';
import { api } from '#web/lib/api-client.ts';
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
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StepUpDialog />
    </QueryClientProvider>,
  );
  const outbox = api.get('/api/admin/outbox');
  const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('alert')).toHaveProperty(
    'textContent',
    'Your password is not correct',
  );
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right one' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await expect(outbox).resolves.toEqual([{ id: 'm1' }]);
  await waitFor(() => expect(dialog.isConnected).toBe(false));
});
