import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast } from '../../test/cast.ts';
import { addMember, invite, setUpTeam, type TestTeam } from '../../test/team.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * Every route a business's team reaches × every kind of caller on the business side (docs/
 * product.md, "Teams"): the owner, a dispatcher and a technician of one Enterprise business, the
 * owner and a dispatcher of another Enterprise business (ids of the first business never reach
 * them), a driver (the one whose job it is, where a job is involved) and an admin. The general
 * matrix (`src/server/http/authorization-matrix.api.test.ts`) has the same routes for its callers.
 */

const ACTORS = [
  'owner',
  'dispatcher',
  'technician',
  'otherOwner',
  'otherMember',
  'driver',
  'admin',
] as const;
type ActorName = (typeof ACTORS)[number];
type Codes = [number, number, number, number, number, number, number];

interface Cell {
  url: string;
  payload?: unknown;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  route: string;
  codes: Codes;
  /** The request each caller sends; may prepare a fresh object for that caller first. */
  request: (as: ActorName) => Cell | Promise<Cell>;
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let team: TestTeam;
let other: TestTeam;
const cookies = {} as Record<ActorName, string>;
let driverId = '';
let adminId = '';

const call = (method: Row['method'], cell: Cell, cookie?: string) =>
  t.api({
    method,
    url: cell.url,
    headers: cookie ? { cookie } : {},
    ...(cell.payload === undefined ? {} : { payload: cell.payload as object }),
  });

/** A job of the first business for the driver, moved by the owner to `status`. */
async function job(status: 'pending' | 'confirmed' | 'in_progress', technician = false) {
  const booked = await call(
    'POST',
    { url: '/api/bookings', payload: { providerId: team.providerId, serviceType: 'Brake Repair' } },
    cookies.driver,
  );
  expect(booked.statusCode, booked.body).toBe(201);
  const id = booked.json().id as string;
  const move = async (payload: object, cookie = cookies.owner) => {
    const moved = await call('PATCH', { url: `/api/bookings/${id}`, payload }, cookie);
    expect(moved.statusCode, moved.body).toBe(200);
  };
  if (status !== 'pending') await move({ status: 'confirmed' });
  if (technician) await move({ technicianId: team.technician.user.id });
  if (status === 'in_progress')
    await move({ status: 'in_progress' }, technician ? cookies.technician : cookies.owner);
  return id;
}

async function supportRequestOf(cookie: string) {
  const asked = await call(
    'POST',
    {
      url: '/api/support-requests',
      payload: { subject: 'Payout question', message: 'When does my first payout arrive?' },
    },
    cookie,
  );
  expect(asked.statusCode, asked.body).toBe(201);
  return asked.json().id as string;
}

const position = { latitude: 32.79, longitude: -96.81, accuracy: 12 };

const rows: Row[] = [
  {
    method: 'GET',
    route: '/api/team',
    codes: [200, 200, 200, 200, 200, 403, 403],
    request: () => ({ url: '/api/team' }),
  },
  {
    method: 'GET',
    route: '/api/team/members',
    codes: [200, 200, 403, 200, 200, 403, 403],
    request: () => ({ url: '/api/team/members' }),
  },
  {
    method: 'GET',
    route: '/api/team/invites',
    codes: [200, 403, 403, 200, 403, 403, 403],
    request: () => ({ url: '/api/team/invites' }),
  },
  {
    method: 'POST',
    route: '/api/team/invites',
    codes: [201, 403, 403, 201, 403, 403, 403],
    request: (as) => ({
      url: '/api/team/invites',
      payload: { email: `matrix-${as}-${Date.now().toString(36)}@example.com`, role: 'technician' },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/team/invites/:id',
    codes: [204, 403, 403, 404, 403, 403, 403],
    request: async () => ({
      url: `/api/team/invites/${(await invite(t, cookies.owner, 'dispatcher')).id}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/team/invites/preview',
    codes: [200, 200, 200, 200, 200, 200, 200],
    request: async () => ({
      url: `/api/team/invites/preview?token=${(await invite(t, cookies.owner, 'technician')).token}`,
    }),
  },
  {
    method: 'DELETE',
    route: '/api/team/members/:userId',
    codes: [204, 403, 403, 404, 403, 403, 403],
    request: async () => ({
      url: `/api/team/members/${(await addMember(t, cookies.owner, 'technician')).user.id}`,
    }),
  },
  {
    method: 'POST',
    route: '/api/team/invites/accept',
    // The link is the credential: whoever holds it makes the member's account (signed in).
    codes: [201, 201, 201, 201, 201, 201, 201],
    request: async () => ({
      url: '/api/team/invites/accept',
      payload: {
        token: (await invite(t, cookies.owner, 'technician')).token,
        name: 'Matrix Member',
        phone: '(214) 555-0142',
        password: 'correct horse battery',
      },
    }),
  },
  {
    method: 'PATCH',
    route: '/api/bookings/:id (assign)',
    codes: [200, 200, 404, 404, 404, 403, 403],
    request: async () => ({
      url: `/api/bookings/${await job('confirmed')}`,
      payload: { technicianId: team.technician.user.id },
    }),
  },
  {
    method: 'GET',
    route: '/api/bookings/:id',
    codes: [200, 200, 200, 404, 404, 200, 200],
    request: async () => ({ url: `/api/bookings/${await job('confirmed', true)}` }),
  },
  {
    method: 'PUT',
    route: '/api/bookings/:id/position',
    codes: [403, 403, 200, 404, 403, 403, 403],
    request: async () => ({
      url: `/api/bookings/${await job('in_progress', true)}/position`,
      payload: position,
    }),
  },
  {
    method: 'GET',
    route: '/api/fleet',
    codes: [200, 200, 403, 200, 200, 403, 403],
    request: () => ({ url: '/api/fleet' }),
  },
  {
    method: 'POST',
    route: '/api/support-requests',
    codes: [201, 201, 201, 201, 201, 403, 403],
    request: () => ({
      url: '/api/support-requests',
      payload: { subject: 'Payout question', message: 'When does my first payout arrive?' },
    }),
  },
  {
    method: 'GET',
    route: '/api/support-requests',
    codes: [200, 200, 200, 200, 200, 403, 403],
    request: () => ({ url: '/api/support-requests' }),
  },
  {
    method: 'GET',
    route: '/api/support/account-manager',
    codes: [200, 200, 200, 200, 200, 403, 403],
    request: () => ({ url: '/api/support/account-manager' }),
  },
  {
    method: 'GET',
    route: '/api/admin/support-requests',
    codes: [403, 403, 403, 403, 403, 403, 200],
    request: () => ({ url: '/api/admin/support-requests' }),
  },
  {
    method: 'POST',
    route: '/api/admin/support-requests/:id/replies',
    codes: [403, 403, 403, 403, 403, 403, 201],
    request: async () => ({
      url: `/api/admin/support-requests/${await supportRequestOf(cookies.dispatcher)}/replies`,
      payload: { message: 'Two business days after the job is paid.' },
    }),
  },
  {
    method: 'GET',
    route: '/api/admin/providers/:id/account-manager',
    codes: [403, 403, 403, 403, 403, 403, 200],
    request: () => ({ url: `/api/admin/providers/${team.providerId}/account-manager` }),
  },
  {
    method: 'PUT',
    route: '/api/admin/providers/:id/account-manager',
    codes: [403, 403, 403, 403, 403, 403, 200],
    request: () => ({
      url: `/api/admin/providers/${team.providerId}/account-manager`,
      payload: { adminId },
    }),
  },
];

beforeAll(async () => {
  t = await createTestApp();
  team = await setUpTeam(t);
  other = await setUpTeam(t);
  const cast = await createCast(t.app);
  Object.assign(cookies, {
    owner: team.owner.cookie,
    dispatcher: team.dispatcher.cookie,
    technician: team.technician.cookie,
    otherOwner: other.owner.cookie,
    otherMember: other.dispatcher.cookie,
    driver: cast.driver.cookie,
    admin: cast.admin.cookie,
  });
  driverId = cast.driver.user.id;
  adminId = cast.admin.user.id;
}, 120_000);
afterAll(() => t.close());

describe('the team matrix', () => {
  it('covers every team, fleet and support route', () => {
    const covered = new Set(rows.map((row) => `${row.method} ${row.route.split(' ')[0]}`));
    const teamRoutes = t.app.apiRoutes
      .filter((r) =>
        /^\/api\/(team|fleet|support|admin\/support|admin\/providers\/:id\/account)/.test(r.url),
      )
      .map((r) => `${r.method} ${r.url}`);
    for (const route of teamRoutes) expect(covered, route).toContain(route);
    expect(driverId).not.toBe('');
  });

  for (const row of rows)
    it(`${row.method} ${row.route}: ${row.codes.join(' ')}`, async () => {
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      for (const [i, actor] of ACTORS.entries()) {
        const cell = await row.request(actor);
        got[actor] = (await call(row.method, cell, cookies[actor])).statusCode;
        want[actor] = row.codes[i]!;
      }
      expect(got).toEqual(want);
    });
});
