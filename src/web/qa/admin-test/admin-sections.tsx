import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, DollarSign, Search, Truck, Users, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { AdminBooking, AdminProvider } from '#core/admin/schemas.ts';
import { bookingStatusLabels } from '#core/bookings/catalog.ts';
import { formatUsd } from '#core/money.ts';
import { serviceTypeLabels, type ServiceType } from '#core/providers/catalog.ts';
import { roleLabels, roles } from '#core/users/roles.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useDebounced } from '#web/lib/use-debounced.ts';
import {
  adminUsersQuery,
  readAdminUsers,
  showingUsers,
  USERS_SHOWN,
  type RoleFilter,
} from './admin-checks.ts';
import { LiveResult } from '../shared/live-answer.tsx';
import { pageApi, type QaResponse } from '../shared/qa-api.ts';
import { HeaderRow } from '../shared/header-row.tsx';
import { SelectField } from '../shared/select-field.tsx';

const ROWS_SHOWN = 5;

/**
 * One read of the live API with the page's session, kept as the whole answer (status, message,
 * time) so that a refusal is shown as it came back rather than thrown away.
 */
const useLiveRead = <T,>(key: readonly unknown[], read: () => Promise<QaResponse<T>>) =>
  useQuery({ queryKey: ['qa', 'admin-test', ...key], queryFn: read });

const roleFilterOptions: (readonly [RoleFilter, string])[] = [
  ['all', 'All roles'],
  ...roles.map((r) => [r, roleLabels[r]] as const),
];

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

function AdminSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function DashboardSection() {
  const query = useLiveRead(['dashboard'], () => pageApi.get('/admin/dashboard'));
  return (
    <AdminSection id="admin-test-dashboard" title="Dashboard">
      <LiveResult query={query} loading="Loading dashboard...">
        {(response) => {
          const stats = response.body;
          return (
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
          );
        }}
      </LiveResult>
    </AdminSection>
  );
}

export function UsersSection() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<RoleFilter>('all');
  const settled = useDebounced(search, 300);
  const filters = { search: settled, role, pageSize: USERS_SHOWN };
  const query = useLiveRead(['users', adminUsersQuery(filters)], () => readAdminUsers(filters));
  return (
    <AdminSection id="admin-test-users" title="User Management">
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
        <SelectField
          label="Role"
          value={role}
          options={roleFilterOptions}
          onValueChange={setRole}
        />
      </div>
      <LiveResult query={query} loading="Loading users...">
        {(response) => {
          const users = response.body.users.slice(0, USERS_SHOWN);
          return (
            <>
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
            </>
          );
        }}
      </LiveResult>
    </AdminSection>
  );
}

interface Column<Row> {
  head: string;
  className: string;
  cell: (row: Row) => ReactNode;
}

/** The first rows of an admin list, read live, as a table with "Showing N of total". */
function LiveTableSection<Body, Row extends { id: string }>({
  id,
  title,
  read,
  noun,
  caption,
  rowsOf,
  columns,
}: {
  id: string;
  title: string;
  read: () => Promise<QaResponse<Body>>;
  noun: string;
  caption: string;
  rowsOf: (body: Body) => { rows: Row[]; total: number };
  columns: Column<Row>[];
}) {
  const query = useLiveRead([id], read);
  return (
    <AdminSection id={id} title={title}>
      <LiveResult query={query} loading={`Loading ${noun}...`}>
        {(response) => {
          const { rows, total } = rowsOf(response.body);
          return (
            <>
              <p className="text-sm font-semibold">
                Showing {rows.length} of {total} {noun}
              </p>
              <div className="overflow-x-auto rounded-lg border">
                <table className="w-full min-w-[36rem] text-left text-sm">
                  <caption className="sr-only">{caption}</caption>
                  <thead className="bg-muted text-xs text-muted-foreground uppercase">
                    <HeaderRow
                      cells={columns.map((column) => column.head)}
                      cellClassName="px-3 py-2 font-semibold"
                    />
                  </thead>
                  <tbody className="divide-y">
                    {rows.map((row) => (
                      <tr key={row.id}>
                        {columns.map((column) => (
                          <td key={column.head} className={`px-3 py-2 ${column.className}`}>
                            {column.cell(row)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          );
        }}
      </LiveResult>
    </AdminSection>
  );
}

const rating = (p: { rating: number; reviewCount: number }) =>
  p.reviewCount > 0 ? `${p.rating.toFixed(1)} (${p.reviewCount})` : 'New';

const providerColumns: Column<AdminProvider>[] = [
  { head: 'Business', className: 'font-medium wrap-anywhere', cell: (p) => p.businessName },
  {
    head: 'Service',
    className: '',
    cell: (p) => serviceTypeLabels[p.serviceType as ServiceType] ?? p.serviceType,
  },
  { head: 'Location', className: '', cell: (p) => [p.city, p.state].filter(Boolean).join(', ') },
  { head: 'Status', className: 'capitalize', cell: (p) => p.status },
  { head: 'Verification', className: 'capitalize', cell: (p) => p.verification },
  { head: 'Rating', className: 'tabular-nums', cell: rating },
];

const bookingColumns: Column<AdminBooking>[] = [
  {
    head: 'Created',
    className: 'whitespace-nowrap',
    cell: (b) => new Date(b.createdAt).toLocaleDateString(),
  },
  { head: 'Provider', className: 'wrap-anywhere', cell: (b) => b.provider.businessName },
  { head: 'Driver', className: 'wrap-anywhere', cell: (b) => b.driver.name },
  { head: 'Service', className: 'wrap-anywhere', cell: (b) => b.serviceType },
  { head: 'Status', className: '', cell: (b) => bookingStatusLabels[b.status] ?? b.status },
  {
    head: 'Visit fee',
    className: 'tabular-nums',
    cell: (b) => (b.visitFee === null ? '—' : formatUsd(b.visitFee)),
  },
];

export const ProvidersSection = () => (
  <LiveTableSection
    id="admin-test-providers"
    title="Providers"
    read={() => pageApi.get('/admin/providers', { params: { query: { pageSize: ROWS_SHOWN } } })}
    noun="providers"
    caption="First providers"
    rowsOf={(body) => ({ rows: body.providers, total: body.total })}
    columns={providerColumns}
  />
);

export const BookingsSection = () => (
  <LiveTableSection
    id="admin-test-bookings"
    title="Bookings"
    read={() => pageApi.get('/admin/bookings', { params: { query: { pageSize: ROWS_SHOWN } } })}
    noun="bookings"
    caption="Latest bookings"
    rowsOf={(body) => ({ rows: body.bookings, total: body.total })}
    columns={bookingColumns}
  />
);
