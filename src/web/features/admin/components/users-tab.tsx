import { Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { AdminUser } from '#core/admin/schemas.ts';
import { roleLabels, roles, type Role } from '#core/users/roles.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useMe } from '#web/features/auth/index.ts';
import { useAdminUsers } from '../api/use-admin-users.ts';
import { formatDate } from '../admin-format.ts';
import { SearchFilter, SelectFilter } from './admin-filters.tsx';
import { AdminQuery, AdminTable, usePaging, type AdminColumn } from './admin-table.tsx';
import { EmptyState } from './load-states.tsx';
import { RoleBadge, SuspendedBadge } from './status-badges.tsx';
import { SuspensionDialog, type SuspensionTarget } from './suspension-dialog.tsx';

const PAGE_SIZE = 20;

function AccountState({ user }: { user: AdminUser }) {
  return user.suspendedAt ? (
    <span className="grid gap-0.5">
      <span>
        <SuspendedBadge reason={user.suspendedReason} />
      </span>
      {user.suspendedReason ? (
        <span className="text-xs text-muted-foreground">{user.suspendedReason}</span>
      ) : null}
    </span>
  ) : (
    <Badge variant="outline">Active</Badge>
  );
}

interface UserActionProps {
  user: AdminUser;
  isSelf: boolean;
  onChange: (target: SuspensionTarget) => void;
}

function UserAction({ user, isSelf, onChange }: UserActionProps) {
  if (isSelf) return <span className="text-xs text-muted-foreground">You</span>;
  const suspended = user.suspendedAt !== null;
  return (
    <Button
      variant={suspended ? 'outline' : 'ghost'}
      size="sm"
      className={suspended ? undefined : 'text-destructive'}
      aria-label={`${suspended ? 'Reactivate' : 'Suspend'} ${user.name}`}
      onClick={() => onChange({ userId: user.id, name: user.name, suspended })}
    >
      {suspended ? 'Reactivate' : 'Suspend'}
    </Button>
  );
}

const userColumns = (
  selfId: string | undefined,
  onChange: (target: SuspensionTarget) => void,
): AdminColumn<AdminUser>[] => [
  {
    heading: 'User',
    cell: (user) => (
      <span className="grid">
        <span className="font-bold">{user.name}</span>
        <span className="text-xs text-muted-foreground">@{user.username}</span>
      </span>
    ),
  },
  {
    heading: 'Email',
    className: 'max-w-64 truncate',
    title: (user) => user.email,
    cell: (user) => user.email,
  },
  { heading: 'Role', cell: (user) => <RoleBadge role={user.role} /> },
  { heading: 'Phone', className: 'whitespace-nowrap', cell: (user) => user.phone || '—' },
  {
    heading: 'Joined',
    className: 'whitespace-nowrap',
    cell: (user) => formatDate(user.createdAt),
  },
  { heading: 'Account', className: 'max-w-56', cell: (user) => <AccountState user={user} /> },
  {
    heading: 'Actions',
    cell: (user) => <UserAction user={user} isSelf={user.id === selfId} onChange={onChange} />,
  },
];

function UserCard({ user, isSelf, onChange }: UserActionProps) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <span className="grid min-w-0">
          <span className="font-bold">{user.name}</span>
          <span className="truncate text-sm text-muted-foreground">{user.email}</span>
        </span>
        <RoleBadge role={user.role} />
      </div>
      <p className="text-sm text-muted-foreground">
        {user.phone || 'No phone'} · joined {formatDate(user.createdAt)}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <AccountState user={user} />
        <UserAction user={user} isSelf={isSelf} onChange={onChange} />
      </div>
    </>
  );
}

/** Every account: search, role filter, suspend and reactivate with a reason. */
export function UsersTab({ initialSearch = '' }: { initialSearch?: string }) {
  const { data: me } = useMe();
  const [search, setSearch] = useState(initialSearch);
  const [role, setRole] = useState<Role | ''>('');
  const { page, setPage, refilter } = usePaging();
  const [changing, setChanging] = useState<SuspensionTarget | null>(null);
  const settled = useDebounced(search.trim(), 300);
  const query = useAdminUsers({
    search: settled || undefined,
    role: role || undefined,
    page,
    pageSize: PAGE_SIZE,
  });

  const columns = useMemo(() => userColumns(me?.id, setChanging), [me?.id]);

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <SearchFilter
          label="Search users"
          placeholder="Name, email or username"
          value={search}
          onChange={refilter(setSearch)}
        />
        <SelectFilter
          label="Role"
          all="All roles"
          options={roles}
          optionLabel={(r) => roleLabels[r]}
          value={role}
          onChange={refilter(setRole)}
        />
      </div>
      <AdminQuery query={query} loading="Loading users" what="users">
        {(data) => (
          <AdminTable
            label="Users"
            count="users"
            rows={data.users}
            total={data.total}
            columns={columns}
            rowTestId="user-row"
            cardTestId="user-card"
            cardClassName="grid gap-2 p-4"
            card={(user) => (
              <UserCard user={user} isSelf={user.id === me?.id} onChange={setChanging} />
            )}
            empty={
              <EmptyState title="No users found" icon={Users}>
                Try another search or role.
              </EmptyState>
            }
            paging={{ page, pageSize: PAGE_SIZE, busy: query.isPlaceholderData, onPage: setPage }}
          />
        )}
      </AdminQuery>
      {changing ? <SuspensionDialog target={changing} onClose={() => setChanging(null)} /> : null}
    </div>
  );
}
