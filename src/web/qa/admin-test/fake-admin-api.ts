import { vi } from 'vitest';

/**
 * The live API as far as the admin actions reach it: registrations, one business, one booking of
 * a demo provider, the admin's moves (the page's cookie: no bearer token), account deletions.
 */
export function fakeServer({ admin = true, refuseBooking = false } = {}) {
  const state = {
    providerStatus: 'available',
    bookingStatus: null as string | null,
    accounts: 0,
    deleted: [] as string[],
    adminCalls: [] as string[],
  };
  const json = (status: number, body?: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const headers = new Headers(init.headers);
      const token = headers.get('authorization')?.replace('Bearer ', '');
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      const path = new URL(url, 'http://app.test').pathname;
      const route = `${method} ${path}`;
      if (!token && route !== 'POST /api/auth/register') {
        state.adminCalls.push(`${route} ${body?.status ?? ''}`.trim());
        if (!admin) return json(403, { error: 'You are not allowed to do this' });
      }
      switch (route) {
        case 'POST /api/auth/register':
          state.accounts += 1;
          return json(201, {
            user: { id: `user-${state.accounts}0000000`, role: body.role },
            token: `token-${state.accounts}`,
          });
        case 'POST /api/service-providers':
          return json(201, { id: 'prov-1', businessName: body.businessName, status: 'available' });
        case 'GET /api/providers':
          return json(200, [{ id: 'demo-1', serviceType: 'mobile_mechanic' }]);
        case 'POST /api/bookings':
          if (refuseBooking) return json(409, { error: 'The provider is offline' });
          state.bookingStatus = 'pending';
          return json(201, { id: 'book-1', status: 'pending' });
        case 'PUT /api/providers/prov-1/status':
          state.providerStatus = body.status;
          return json(200, { id: 'prov-1', status: state.providerStatus });
        case 'GET /api/bookings/book-1':
          return json(200, { id: 'book-1', status: state.bookingStatus });
        case 'PATCH /api/bookings/book-1':
          state.bookingStatus = body.status;
          return json(200, { id: 'book-1', status: state.bookingStatus });
        case 'DELETE /api/users/me':
          // As the server: the driver (the first account) cannot go while the booking is open.
          if (token === 'token-1' && ['pending', 'confirmed'].includes(state.bookingStatus ?? ''))
            return json(409, { error: 'Finish or cancel your open bookings first' });
          state.deleted.push(token ?? 'page');
          return json(204);
        default:
          return json(404, { error: `No route ${route}` });
      }
    }),
  );
  return state;
}
