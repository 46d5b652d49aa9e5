import { Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { AdminUser } from '#core/admin/schemas.ts';
import { roles, type Role } from '#core/users/roles.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useText, type Translate } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { useMe } from '#web/features/auth/index.ts';
import { useAdminUsers } from '../api/use-admin-users.ts';
import { useAdminDates } from '../admin-format.ts';
import { adminText, type AdminKey } from '../text.ts';
import { SearchFilter, SelectFilter } from './admin-filters.tsx';
import { AdminQuery, AdminTable, usePaging, type AdminColumn } from './admin-table.tsx';
import { EmptyState } from './load-states.tsx';
import { RoleBadge, SuspendedBadge } from './status-badges.tsx';
import { SuspensionDialog, type SuspensionTarget } from './suspension-dialog.tsx';

const PAGE_SIZE = 20;

function AccountState({ user }: { user: AdminUser }) {
  const t = useText(adminText);
  return user.suspendedAt ? (
    <span className="grid gap-0.5">
      <span>
        <SuspendedBadge reason={user.suspendedReason} />
      </span>
      {user.suspendedReason ? (
        <span className="text-xs text-muted-foreground" translate="no">
          {user.suspendedReason}
        </span>
      ) : null}
    </span>
  ) : (
    <Badge variant="outline">{t('active')}</Badge>
  );
}

interface UserActionProps {
  user: AdminUser;
  isSelf: boolean;
  onChange: (target: SuspensionTarget) => void;
}

function UserAction({ user, isSelf, onChange }: UserActionProps) {
  const t = useText(adminText);
  if (isSelf) return <span className="text-xs text-muted-foreground">{t('you')}</span>;
  const suspended = user.suspendedAt !== null;
  return (
    <Button
      variant={suspended ? 'outline' : 'ghost'}
      size="sm"
      className={suspended ? undefined : 'text-destructive'}
      aria-label={t(suspended ? 'reactivateName' : 'suspendName', { name: user.name })}
      onClick={() => onChange({ userId: user.id, name: user.name, suspended })}
    >
      {t(suspended ? 'reactivate' : 'suspend')}
    </Button>
  );
}

const userColumns = (
  t: Translate<AdminKey>,
  date: (iso: string) => string,
  selfId: string | undefined,
  onChange: (target: SuspensionTarget) => void,
): AdminColumn<AdminUser>[] => [
  {
    heading: t('colUser'),
    cell: (user) => (
      <span className="grid" translate="no">
        <span className="font-bold">{user.name}</span>
        <span className="text-xs text-muted-foreground">@{user.username}</span>
      </span>
    ),
  },
  {
    heading: t('email'),
    className: 'max-w-64 truncate',
    title: (user) => user.email,
    cell: (user) => <span translate="no">{user.email}</span>,
  },
  { heading: t('role'), cell: (user) => <RoleBadge role={user.role} /> },
  {
    heading: t('phone'),
    className: 'whitespace-nowrap',
    cell: (user) => <span translate="no">{user.phone || '—'}</span>,
  },
  {
    heading: t('joined'),
    className: 'whitespace-nowrap',
    cell: (user) => date(user.createdAt),
  },
  {
    heading: t('account'),
    className: 'max-w-56',
    cell: (user) => <AccountState user={user} />,
  },
  {
    heading: t('actions'),
    cell: (user) => <UserAction user={user} isSelf={user.id === selfId} onChange={onChange} />,
  },
];

function UserCard({ user, isSelf, onChange }: UserActionProps) {
  const t = useText(adminText);
  const { date } = useAdminDates();
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <span className="grid min-w-0" translate="no">
          <span className="font-bold">{user.name}</span>
          <span className="truncate text-sm text-muted-foreground">{user.email}</span>
        </span>
        <RoleBadge role={user.role} />
      </div>
      <p className="text-sm text-muted-foreground">
        {user.phone ? <span translate="no">{user.phone}</span> : t('noPhone')} ·{' '}
        {t('joinedOn', { date: date(user.createdAt) })}
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
  const t = useText(adminText);
  const label = useLabel();
  const { date } = useAdminDates();
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

  const columns = useMemo(() => userColumns(t, date, me?.id, setChanging), [t, date, me?.id]);

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <SearchFilter
          label={t('searchUsers')}
          placeholder={t('searchUsersPlaceholder')}
          value={search}
          onChange={refilter(setSearch)}
        />
        <SelectFilter
          label={t('role')}
          all={t('allRoles')}
          options={roles}
          optionLabel={(r) => label('role', r)}
          value={role}
          onChange={refilter(setRole)}
        />
      </div>
      <AdminQuery query={query} loading={t('loadingUsers')} failed={t('usersFailed')}>
        {(data) => (
          <AdminTable
            label={t('tabUsers')}
            count={t('countUsers')}
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
              <EmptyState title={t('noUsers')} icon={Users}>
                {t('noUsersFiltered')}
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
