// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHONE_CODE_FORMAT_MESSAGE, wrongCodeMessage } from '#core/contacts/schemas.ts';
import { settle } from '#web/test/settle.ts';
import { PhoneCodeDialog } from './phone-code-dialog.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/api/users/me/contacts/phone/code')
      return json(200, { message: 'We texted a code.' });
    const { code } = JSON.parse(init.body as string) as { code: string };
    return code === '123456'
      ? json(200, { message: '(214) 555-0142 is confirmed.' })
      : json(400, { error: wrongCodeMessage(4), fields: { code: wrongCodeMessage(4) } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let client: QueryClient;
const onOpenChange = vi.fn();
const onConfirmed = vi.fn();
async function renderDialog(sendOnOpen = false) {
  onOpenChange.mockClear();
  onConfirmed.mockClear();
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <PhoneCodeDialog
          phone="(214) 555-0142"
          open
          onOpenChange={onOpenChange}
          onConfirmed={onConfirmed}
          sendOnOpen={sendOnOpen}
        />
      </QueryClientProvider>,
    );
  });
  await settle(client);
}
const codeInput = () => screen.getByLabelText('6-digit code') as HTMLInputElement;
const submit = async (code: string) => {
  fireEvent.change(codeInput(), { target: { value: code } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Confirm phone' }));
  });
  await settle(client);
};
const calls = (url: string) => fetchMock.mock.calls.filter(([called]) => called === url);

describe('PhoneCodeDialog', () => {
  it('takes the code as a one-time code typed on the number pad', async () => {
    await renderDialog();
    expect(codeInput().inputMode).toBe('numeric');
    expect(codeInput().autocomplete).toBe('one-time-code');
  });

  it('checks the format first, without asking the server', async () => {
    await renderDialog();
    await submit('12a45');
    expect(screen.getByRole('alert').textContent).toBe(PHONE_CODE_FORMAT_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's answer to a wrong code, and closes once the right one confirms", async () => {
    await renderDialog();
    await submit('000000');
    expect(screen.getByRole('alert').textContent).toBe(wrongCodeMessage(4));
    expect(onOpenChange).not.toHaveBeenCalled();
    await submit('123 456');
    expect(JSON.parse(calls('/api/users/me/contacts/phone/confirm')[1]![1].body)).toEqual({
      code: '123456',
    });
    expect(onConfirmed).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('texts a code as it opens from the banner, and "Send a new code" texts another', async () => {
    await renderDialog(true);
    expect(calls('/api/users/me/contacts/phone/code')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('A code is on its way to (214) 555-0142.');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    });
    await settle(client);
    expect(calls('/api/users/me/contacts/phone/code')).toHaveLength(2);
  });

  it('shows a refused send (the limit)', async () => {
    fetchMock.mockImplementation(async () =>
      json(429, { error: 'You have asked for too many codes. Please try again in 1 minute.' }),
    );
    await renderDialog(true);
    expect(screen.getByRole('alert').textContent).toBe(
      'You have asked for too many codes. Please try again in 1 minute.',
    );
  });
});
