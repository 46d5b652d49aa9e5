import { afterEach, describe, expect, it, vi } from 'vitest';
import { STEP_UP_REQUIRED } from '#core/auth/step-up.ts';
import { api } from './client.ts';
import { ApiError, setStepUpHandler } from './transport.ts';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  setStepUpHandler(null);
});

describe('the step-up re-check', () => {
  it('asks for the re-check when the server wants one and sends the request again once it is given', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(403, { error: STEP_UP_REQUIRED }))
      .mockResolvedValueOnce(answer(200, [{ id: 'm1' }]));
    vi.stubGlobal('fetch', fetch);
    const ask = vi.fn().mockResolvedValue(true);
    setStepUpHandler(ask);
    await expect(api.get('/admin/outbox')).resolves.toEqual([{ id: 'm1' }]);
    expect(ask).toHaveBeenCalledOnce();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('answers the 403 when the person closes the dialog, and never asks twice for one request', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(403, { error: STEP_UP_REQUIRED })),
    );
    setStepUpHandler(vi.fn().mockResolvedValue(false));
    await expect(api.get('/admin/outbox')).rejects.toEqual(new ApiError(403, STEP_UP_REQUIRED));
    const ask = vi.fn().mockResolvedValue(true);
    setStepUpHandler(ask);
    await expect(api.get('/admin/outbox')).rejects.toBeInstanceOf(ApiError);
    expect(ask).toHaveBeenCalledOnce();
  });

  it('leaves other refusals alone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(403, { error: 'Nope' })),
    );
    const ask = vi.fn();
    setStepUpHandler(ask);
    await expect(api.get('/admin/outbox')).rejects.toThrow('Nope');
    expect(ask).not.toHaveBeenCalled();
  });
});
