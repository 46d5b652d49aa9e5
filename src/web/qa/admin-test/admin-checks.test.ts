import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCheck } from '../shared/checks.ts';
import { adminChecks, NOT_ACCESSIBLE, readAdminUsers, showingUsers } from './admin-checks.ts';

function serve(status: number, body: unknown) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return calls;
}

const check = (id: string) => adminChecks.find((c) => c.id === id)!;

const dashboard = {
  totalUsers: 10,
  totalDrivers: 6,
  totalMechanics: 3,
  totalProviders: 4,
  activeProviders: 3,
  totalBookings: 8,
  pendingBookings: 2,
  completedBookings: 5,
  totalRevenue: 42.5,
  todaysBookings: 1,
  pendingVerifications: 0,
  subscriptionRevenueThisMonth: 79.99,
  activePlans: { basic: 1, premium: 1, enterprise: 0 },
  daily: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('readAdminUsers', () => {
  it('sends only the filters that are set', async () => {
    const calls = serve(200, { users: [], total: 0 });
    await readAdminUsers({});
    await readAdminUsers({ search: '  ', role: 'all' });
    await readAdminUsers({ search: 'Ann Lee', role: 'mechanic', pageSize: 5 });
    expect(calls).toEqual([
      '/api/admin/users',
      '/api/admin/users',
      '/api/admin/users?search=Ann+Lee&role=mechanic&pageSize=5',
    ]);
  });
});

it('showingUsers reads "Showing X of Y users"', () => {
  expect(showingUsers(5, 42)).toBe('Showing 5 of 42 users');
});

describe('admin checks', () => {
  it('pass on a well-formed dashboard', async () => {
    serve(200, dashboard);
    const result = await runCheck(check('dashboard'), undefined);
    expect(result).toMatchObject({
      status: 'passed',
      httpStatus: 200,
      detail: '10 users (6 drivers, 3 mechanics), 4 providers, 8 bookings',
    });
  });

  it('fail with the structure message when a field is missing', async () => {
    serve(200, { ...dashboard, totalUsers: undefined });
    const result = await runCheck(check('dashboard'), undefined);
    expect(result.status).toBe('failed');
    expect(result.detail).toMatch(/^Invalid dashboard data structure \(totalUsers: /);
  });

  it('fail as not accessible with the real 403 for a non-admin', async () => {
    serve(403, { error: 'You are not allowed to do this' });
    for (const id of ['dashboard', 'users', 'providers', 'bookings']) {
      const result = await runCheck(check(id), undefined);
      expect(result).toMatchObject({
        status: 'failed',
        detail: NOT_ACCESSIBLE,
        httpStatus: 403,
        message: 'You are not allowed to do this',
      });
    }
  });

  it('report an invalid users list', async () => {
    serve(200, { users: [{ id: 'x' }], total: 1 });
    const result = await runCheck(check('users'), undefined);
    expect(result.detail).toMatch(/^Invalid users data structure/);
  });

  it('refuse a caller without a session', async () => {
    serve(401, { error: 'Please sign in to continue' });
    expect(await runCheck(check('no-session'), undefined)).toMatchObject({
      status: 'passed',
      httpStatus: 401,
    });
    serve(200, dashboard);
    expect(await runCheck(check('no-session'), undefined)).toMatchObject({
      status: 'failed',
      detail: 'The admin API answered without a session',
    });
  });
});
