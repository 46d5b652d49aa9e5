import type { z } from 'zod';
import {
  adminBookingsSchema,
  adminDashboardSchema,
  adminProvidersSchema,
  adminUsersSchema,
} from '#core/admin/schemas.ts';
import type { Role } from '#core/users/roles.ts';
import { CheckFailure, expectStatus, expectThat, type Check } from '../shared/checks.ts';
import { pageApi, qaApi, type QaResponse } from '../shared/qa-api.ts';

export const NOT_ACCESSIBLE = 'Admin endpoints not accessible';

/** How many users the User Management tab lists. */
export const USERS_SHOWN = 5;

export type RoleFilter = Role | 'all';

export interface UserFilters {
  search?: string;
  role?: RoleFilter;
  pageSize?: number;
}

/** The query of GET /api/admin/users: only the filters that are set. */
export const adminUsersQuery = ({ search = '', role = 'all', pageSize }: UserFilters) => ({
  search: search.trim() || undefined,
  role: role === 'all' ? undefined : role,
  pageSize: pageSize || undefined,
});

/** GET /api/admin/users with the page's session, with only the filters that are set. */
export const readAdminUsers = (filters: UserFilters) =>
  pageApi.get('/admin/users', { params: { query: adminUsersQuery(filters) } });

export const showingUsers = (shown: number, total: number) => `Showing ${shown} of ${total} users`;

/** A 401 or 403 means the caller is not an admin: the check fails with that answer. */
export function expectAdminAnswer<T>(response: QaResponse<T>): QaResponse<T> {
  if (response.status === 401 || response.status === 403)
    throw new CheckFailure(NOT_ACCESSIBLE, response);
  return expectStatus(response, 200);
}

/** The parsed body, or a failure with `invalid` and where the body first differs. */
export function expectShape<S extends z.ZodType>(
  response: QaResponse,
  schema: S,
  invalid: string,
): z.infer<S> {
  const parsed = schema.safeParse(response.body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new CheckFailure(`${invalid} (${where}${issue?.message ?? 'unreadable'})`, response);
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A check of one admin list: the first page parses as `schema`, and the check tells how many of
 * the total it shows.
 */
function firstPageCheck<S extends z.ZodType<{ total: number }>>(spec: {
  id: string;
  name: string;
  read: () => Promise<QaResponse>;
  schema: S;
  noun: string;
  rows: (list: z.infer<S>) => readonly unknown[];
  verify?: (rows: readonly unknown[], total: number, response: QaResponse) => void;
}): Check {
  return {
    id: spec.id,
    name: spec.name,
    async run() {
      const response = expectAdminAnswer(await spec.read());
      const list = expectShape(response, spec.schema, `Invalid ${spec.noun}s data structure`);
      const rows = spec.rows(list);
      spec.verify?.(rows, list.total, response);
      return {
        detail: `${rows.length} of ${count(list.total, spec.noun)} on the first page`,
        response,
      };
    },
  };
}

/** Read-only checks of the admin API with the page's own session. */
export const adminChecks: readonly Check[] = [
  {
    id: 'dashboard',
    name: 'Dashboard statistics (GET /api/admin/dashboard)',
    async run() {
      const response = expectAdminAnswer(await pageApi.get('/admin/dashboard'));
      const stats = expectShape(response, adminDashboardSchema, 'Invalid dashboard data structure');
      expectThat(
        stats.totalDrivers + stats.totalMechanics <= stats.totalUsers &&
          stats.activeProviders <= stats.totalProviders &&
          stats.pendingBookings + stats.completedBookings <= stats.totalBookings,
        'Invalid dashboard data structure (the counts do not add up)',
        response,
      );
      return {
        detail: `${count(stats.totalUsers, 'user')} (${stats.totalDrivers} drivers, ${stats.totalMechanics} mechanics), ${count(stats.totalProviders, 'provider')}, ${count(stats.totalBookings, 'booking')}`,
        response,
      };
    },
  },
  firstPageCheck({
    id: 'users',
    name: 'User list (GET /api/admin/users)',
    read: () => readAdminUsers({}),
    schema: adminUsersSchema,
    noun: 'user',
    rows: (list) => list.users,
    verify: (rows, total, response) =>
      expectThat(
        rows.length <= total,
        'Invalid users data structure (more rows than total)',
        response,
      ),
  }),
  {
    id: 'users-role',
    name: 'Role filter returns only that role (mechanic)',
    async run() {
      const response = expectAdminAnswer(await readAdminUsers({ role: 'mechanic' }));
      const { users, total } = expectShape(
        response,
        adminUsersSchema,
        'Invalid users data structure',
      );
      const others = users.filter((user) => user.role !== 'mechanic');
      expectThat(
        others.length === 0,
        `The mechanic filter also returned ${count(others.length, 'other user')}`,
        response,
      );
      return { detail: `${count(total, 'mechanic')}, no other roles`, response };
    },
  },
  firstPageCheck({
    id: 'providers',
    name: 'Provider list (GET /api/admin/providers)',
    read: () => pageApi.get('/admin/providers'),
    schema: adminProvidersSchema,
    noun: 'provider',
    rows: (list) => list.providers,
  }),
  firstPageCheck({
    id: 'bookings',
    name: 'Booking list (GET /api/admin/bookings)',
    read: () => pageApi.get('/admin/bookings'),
    schema: adminBookingsSchema,
    noun: 'booking',
    rows: (list) => list.bookings,
  }),
  {
    id: 'no-session',
    name: 'A caller without a valid session is refused',
    async run() {
      // An unknown bearer token and no cookie: the request carries no session at all.
      const response = await qaApi({ token: 'qa-test-no-such-session' }).get('/admin/dashboard');
      if (response.ok) throw new CheckFailure('The admin API answered without a session', response);
      expectStatus(response, 401);
      return { detail: `Refused as expected: ${response.message}`, response };
    },
  },
];

export const noContext = async () => undefined;
