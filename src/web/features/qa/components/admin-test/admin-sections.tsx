import { CalendarCheck, DollarSign, Search, Truck, Users, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type {
  AdminBooking,
  AdminDashboard,
  AdminProvider,
  AdminUser,
} from '../../../../../core/admin/schemas.ts';
import { bookingStatusLabels } from '../../../../../core/bookings/catalog.ts';
import { formatUsd } from '../../../../../core/money.ts';
import { serviceTypeLabels, type ServiceType } from '../../../../../core/providers/catalog.ts';
import { roleLabels, roles } from '../../../../../core/users/roles.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { NativeSelect } from '../../../../components/ui/native-select.tsx';
import { useDebounced } from '../../../../lib/use-debounced.ts';
import {
  adminUsersPath,
  showingUsers,
  USERS_SHOWN,
  type RoleFilter,
} from '../../admin-test/admin-checks.ts';
import { useLiveCall } from '../../admin-test/use-live-call.ts';
import { LiveAnswer } from '../auth-test/live-answer.tsx';
import { ResponseSummary } from '../auth-test/response-summary.tsx';

const ROWS_SHOWN = 5;

function StatCard({
  title,
  value,
  icon: Icon,
  children,
}: {
  title: string;
  value: ReactNode;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Card className="grid content-start gap-1 p-4" data-testid="admin-test-stat">
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-sm font-semibold text-muted-foreground">{title}</h3>
        <Icon className="size-5 shrink-0 text-primary" aria-hidden />
      </div>
      <p className="text-2xl font-extrabold tabular-nums">{value}</p>
      <p className="text-xs text-muted-foreground">{children}</p>
    </Card>
  );
}

export function DashboardSection() {
  const query = useLiveCall<AdminDashboard>('/api/admin/dashboard');
  return (
    <section className="grid gap-3" aria-labelledby="admin-test-dashboard">
      <h2 id="admin-test-dashboard" className="text-lg font-bold">
        Dashboard
      </h2>
      <LiveAnswer query={query} loading="Loading dashboard...">
        {(response) => {
          const stats = response.body;
          return (
            <>
              <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
                <StatCard title="Total Users" value={stats.totalUsers} icon={Users}>
                  {stats.totalDrivers} drivers, {stats.totalMechanics} mechanics
                </StatCard>
                <StatCard title="Service Providers" value={stats.totalProviders} icon={Truck}>
                  {stats.activeProviders} active
                </StatCard>
                <StatCard title="Bookings" value={stats.totalBookings} icon={CalendarCheck}>
                  {stats.pendingBookings} pending
                </StatCard>
                <StatCard title="Revenue" value={formatUsd(stats.totalRevenue)} icon={DollarSign}>
                  {stats.completedBookings} completed bookings
                </StatCard>
              </div>
              <ResponseSummary response={response} />
            </>
          );
        }}
      </LiveAnswer>
    </section>
  );
}

export function UsersSection() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<RoleFilter>('all');
  const settled = useDebounced(search, 300);
  const query = useLiveCall<{ users: AdminUser[]; total: number }>(
    adminUsersPath({ search: settled, role, pageSize: USERS_SHOWN }),
  );
  return (
    <section className="grid gap-3" aria-labelledby="admin-test-users">
      <h2 id="admin-test-users" className="text-lg font-bold">
        User Management
      </h2>
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <Field label="Search users">
          {(ids) => (
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-3 left-3 size-5 text-muted-foreground"
                aria-hidden
              />
              <Input
                {...ids}
                type="search"
                className="pl-10"
                placeholder="Name, email or username"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
          )}
        </Field>
        <Field label="Role">
          {(ids) => (
            <NativeSelect
              {...ids}
              value={role}
              onChange={(event) => setRole(event.target.value as RoleFilter)}
            >
              <option value="all">All roles</option>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {roleLabels[r]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <LiveAnswer query={query} loading="Loading users...">
        {(response) => {
          const users = response.body.users.slice(0, USERS_SHOWN);
          return (
            <div className="grid gap-2">
              <p className="text-sm font-semibold" aria-live="polite" data-testid="users-showing">
                {showingUsers(users.length, response.body.total)}
              </p>
              {users.length === 0 ? (
                <p className="text-sm text-muted-foreground">No users match.</p>
              ) : (
                <ul className="grid gap-2">
                  {users.map((user) => (
                    <li
                      key={user.id}
                      className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3"
                    >
                      <div className="grid min-w-0 flex-1 gap-0.5">
                        <p className="font-medium wrap-anywhere">{user.name}</p>
                        <p className="text-sm text-muted-foreground wrap-anywhere">{user.email}</p>
                      </div>
                      <Badge variant={user.role === 'admin' ? 'default' : 'secondary'}>
                        {roleLabels[user.role]}
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
              <ResponseSummary response={response} />
            </div>
          );
        }}
      </LiveAnswer>
    </section>
  );
}

function Table({
  caption,
  head,
  children,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted text-xs text-muted-foreground uppercase">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  );
}

export function ProvidersSection() {
  const query = useLiveCall<{ providers: AdminProvider[]; total: number }>(
    `/api/admin/providers?pageSize=${ROWS_SHOWN}`,
  );
  return (
    <section className="grid gap-3" aria-labelledby="admin-test-providers">
      <h2 id="admin-test-providers" className="text-lg font-bold">
        Providers
      </h2>
      <LiveAnswer query={query} loading="Loading providers...">
        {(response) => {
          const { providers, total } = response.body;
          return (
            <div className="grid gap-2">
              <p className="text-sm font-semibold">
                Showing {providers.length} of {total} providers
              </p>
              <Table
                caption="First providers"
                head={['Business', 'Service', 'Location', 'Status', 'Verification', 'Rating']}
              >
                {providers.map((p) => (
                  <tr key={p.id}>
                    <td className="px-3 py-2 font-medium wrap-anywhere">{p.businessName}</td>
                    <td className="px-3 py-2">
                      {serviceTypeLabels[p.serviceType as ServiceType] ?? p.serviceType}
                    </td>
                    <td className="px-3 py-2">{[p.city, p.state].filter(Boolean).join(', ')}</td>
                    <td className="px-3 py-2 capitalize">{p.status}</td>
                    <td className="px-3 py-2 capitalize">{p.verification}</td>
                    <td className="px-3 py-2 tabular-nums">
                      {p.reviewCount > 0 ? `${p.rating.toFixed(1)} (${p.reviewCount})` : 'New'}
                    </td>
                  </tr>
                ))}
              </Table>
              <ResponseSummary response={response} />
            </div>
          );
        }}
      </LiveAnswer>
    </section>
  );
}

export function BookingsSection() {
  const query = useLiveCall<{ bookings: AdminBooking[]; total: number }>(
    `/api/admin/bookings?pageSize=${ROWS_SHOWN}`,
  );
  return (
    <section className="grid gap-3" aria-labelledby="admin-test-bookings">
      <h2 id="admin-test-bookings" className="text-lg font-bold">
        Bookings
      </h2>
      <LiveAnswer query={query} loading="Loading bookings...">
        {(response) => {
          const { bookings, total } = response.body;
          return (
            <div className="grid gap-2">
              <p className="text-sm font-semibold">
                Showing {bookings.length} of {total} bookings
              </p>
              <Table
                caption="Latest bookings"
                head={['Created', 'Provider', 'Driver', 'Service', 'Status', 'Visit fee']}
              >
                {bookings.map((b) => (
                  <tr key={b.id}>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {new Date(b.createdAt).toLocaleDateString()}
                    </td>
                    <td className="px-3 py-2 wrap-anywhere">{b.provider.businessName}</td>
                    <td className="px-3 py-2 wrap-anywhere">{b.driver.name}</td>
                    <td className="px-3 py-2 wrap-anywhere">{b.serviceType}</td>
                    <td className="px-3 py-2">{bookingStatusLabels[b.status] ?? b.status}</td>
                    <td className="px-3 py-2 tabular-nums">
                      {b.visitFee === null ? '—' : formatUsd(b.visitFee)}
                    </td>
                  </tr>
                ))}
              </Table>
              <ResponseSummary response={response} />
            </div>
          );
        }}
      </LiveAnswer>
    </section>
  );
}
