// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '#web/test/settle.ts';
import { ReviewDialog } from './review-dialog.tsx';

const BOOKING = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let answer: () => Response;
beforeEach(() => {
  answer = () => json(201, {});
  fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let client: QueryClient;
const renderDialog = async (onClose = vi.fn()) => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <ReviewDialog bookingId={BOOKING} businessName="Lone Star" onClose={onClose} />
      </QueryClientProvider>,
    );
  });
  return onClose;
};
const sentBody = () => JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));

describe('ReviewDialog', () => {
  it('waits for stars, then sends the rating and the trimmed comment once', async () => {
    const onClose = await renderDialog();
    const submit = screen.getByRole('button', { name: 'Submit Review' });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.getByRole('radio', { name: '4 stars' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    fireEvent.change(screen.getByLabelText('Comment (optional)'), {
      target: { value: '  Quick and fair  ' },
    });
    await act(async () => fireEvent.click(submit));
    await settle(client, () => fetchMock.mock.calls.length > 0);
    expect(onClose).toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/reviews');
    expect(sentBody()).toEqual({ bookingId: BOOKING, rating: 4, comment: 'Quick and fair' });
  });

  it('moves between the stars with the arrow keys', async () => {
    await renderDialog();
    const group = screen.getByRole('radiogroup', { name: 'Rating' });
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    fireEvent.keyDown(group, { key: 'ArrowLeft' });
    const chosen = screen.getByRole('radio', { name: '1 star' });
    expect(chosen.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(chosen);
    fireEvent.keyDown(group, { key: 'ArrowUp' });
    expect(screen.getByRole('radio', { name: '2 stars' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('leaves out an empty comment and shows the server’s refusal', async () => {
    answer = () => json(409, { error: 'This job has already been rated' });
    const onClose = await renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Review' })));
    await settle(client, () => fetchMock.mock.calls.length > 0);
    expect(screen.getByText('This job has already been rated')).toBeTruthy();
    expect(sentBody()).toEqual({ bookingId: BOOKING, rating: 5 });
    expect(onClose).not.toHaveBeenCalled();
  });
});
