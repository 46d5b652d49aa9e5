import { afterEach, expect, it, vi } from 'vitest';
import { anonymousApi, offContract, qaApi } from './qa-api.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

it('calls a typed path as a test account, with its token and no cookie, and reports the answer', async () => {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => json(200, { id: 'u1' }));
  vi.stubGlobal('fetch', fetch);
  const answer = await qaApi({ token: 't0k' }).get('/users/{id}', {
    params: { path: { id: 'u1' } },
  });
  expect(answer).toMatchObject({ method: 'GET', path: '/api/users/u1', status: 200, ok: true });
  expect(answer.body).toEqual({ id: 'u1' });
  const [url, init] = fetch.mock.calls[0]!;
  expect(url).toBe('/api/users/u1');
  expect(init).toMatchObject({
    method: 'GET',
    credentials: 'omit',
    headers: { authorization: 'Bearer t0k', accept: 'application/json' },
  });
});

it('reports a refusal, a body off the contract and an unreachable server without throwing', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(400, { error: 'Invalid email', fields: { email: 'Invalid email' } })),
  );
  const refused = await anonymousApi.post('/auth/login', {
    body: offContract({ email: 42 }),
  });
  expect(refused).toMatchObject({ status: 400, ok: false, message: 'Invalid email' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  const unreachable = await anonymousApi.get('/health');
  expect(unreachable).toMatchObject({
    path: '/api/health',
    status: 0,
    ok: false,
    message: 'Cannot reach the server',
  });
});

it('answers a body that is not JSON as its text', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('id,status\n1,done', { status: 200 })),
  );
  const csv = await qaApi().get('/admin/export/bookings.csv', {
    params: { query: { from: '2026-11-01', to: '2026-11-26' } },
  });
  expect(csv.body).toBe('id,status\n1,done');
});
