import { afterEach, expect, it, vi } from 'vitest';
import { api, apiUrl } from './client.ts';
import { ApiError } from './transport.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

it('sends a typed call as the wire has it: path filled in, query, JSON body, cookie', async () => {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => json(201, { id: 'b1' }));
  vi.stubGlobal('fetch', fetch);
  await expect(
    api.patch('/bookings/{id}', {
      params: { path: { id: 'b 1' } },
      body: { status: 'cancelled' },
    }),
  ).resolves.toEqual({ id: 'b1' });
  const [url, init] = fetch.mock.calls[0]!;
  expect(url).toBe('/api/bookings/b%201');
  expect(init).toMatchObject({
    method: 'PATCH',
    credentials: 'include',
    body: '{"status":"cancelled"}',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
  });
});

it("sends a route's declared header parameters", async () => {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => json(201, { id: 'b1' }));
  vi.stubGlobal('fetch', fetch);
  await api.post('/bookings', {
    params: { header: { 'idempotency-key': 'k1' } },
    // The body does not matter here.
    body: {} as never,
  });
  expect(fetch.mock.calls[0]![1].headers).toMatchObject({ 'idempotency-key': 'k1' });
});

it('refuses to build an address with a path parameter missing', async () => {
  vi.stubGlobal('fetch', vi.fn());
  await expect(
    api.get('/providers/{id}', { params: { path: { id: undefined as never } } }),
  ).rejects.toThrow('/providers/{id} needs its id');
  expect(fetch).not.toHaveBeenCalled();
});

it('answers undefined for 204 and throws the server refusal as an ApiError', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
  await expect(
    api.delete('/notifications/{id}', { params: { path: { id: 'n1' } } }),
  ).resolves.toBeUndefined();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(404, { error: 'Provider not found' })),
  );
  await expect(api.get('/providers/{id}', { params: { path: { id: 'p1' } } })).rejects.toEqual(
    new ApiError(404, 'Provider not found'),
  );
});

it('uploads a form as multipart, typed by its route', async () => {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => json(200, { id: 'u1' }));
  vi.stubGlobal('fetch', fetch);
  const form = new FormData();
  form.append('avatar', new Blob(['x'], { type: 'image/png' }), 'a.png');
  const user = await api.upload('/users/{id}/avatar', form, { params: { path: { id: 'u1' } } });
  expect(user.id).toBe('u1');
  const [url, init] = fetch.mock.calls[0]!;
  expect(url).toBe('/api/users/u1/avatar');
  expect(init.body).toBe(form);
  expect(init.headers).not.toHaveProperty('content-type');
});

it('builds the address of a GET route for a link, with its query', () => {
  expect(
    apiUrl('/admin/export/bookings.csv', {
      params: { query: { from: '2026-11-01', to: '2026-11-26' } },
    }),
  ).toBe('/api/admin/export/bookings.csv?from=2026-11-01&to=2026-11-26');
  expect(apiUrl('/events')).toBe('/api/events');
});
