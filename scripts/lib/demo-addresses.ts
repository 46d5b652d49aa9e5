import type { DemoRole } from '../bundle/route-table.ts';

/**
 * Where a route with a parameter is opened on the demo data: a real provider, a share link of
 * the demo driver's job in progress, the demo business's paid plan month (the driver's demo jobs
 * are paid in cash at the truck, so a receipt is the mechanic's). Any other route is its path.
 * Used by check:bundle and bench:web.
 */
export async function demoAddress(
  serverUrl: string,
  route: string,
  cookieOf: (role: DemoRole) => string | Promise<string>,
): Promise<string> {
  const get = async (url: string, role?: DemoRole, init: RequestInit = {}) => {
    const response = await fetch(`${serverUrl}${url}`, {
      ...init,
      headers: {
        ...(role ? { cookie: await cookieOf(role) } : {}),
        origin: serverUrl,
        'content-type': 'application/json',
        ...init.headers,
      },
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  const me = async (role: DemoRole) =>
    ((await get('/api/auth/session', role)) as { user: { id: string } }).user.id;
  switch (route) {
    case '/providers/:id': {
      const [provider] = (await get('/api/providers?limit=1')) as { id: string }[];
      return `/providers/${provider!.id}`;
    }
    case '/track/:token': {
      const bookings = (await get('/api/bookings', 'driver')) as { id: string; status: string }[];
      const live = bookings.find((booking) => booking.status === 'in_progress');
      if (!live) throw new Error('the demo driver has no job in progress to share');
      const link = (await get(`/api/bookings/${live.id}/share-links`, 'driver', {
        method: 'POST',
        body: '{}',
      })) as { path: string };
      return link.path;
    }
    case '/receipts/:id': {
      const payments = (await get(`/api/payments/user/${await me('mechanic')}`, 'mechanic')) as {
        id: string;
        status: string;
      }[];
      const paid = payments.find((payment) => payment.status === 'completed');
      if (!paid) throw new Error('the demo business has no paid plan month');
      return `/receipts/${paid.id}`;
    }
    default:
      if (route.includes(':')) throw new Error(`${route}: no demo data to open it with`);
      return route;
  }
}
