import { Search, Users } from 'lucide-react';
import { useState } from 'react';
import type { AdminUser } from '#core/admin/schemas.ts';
import { roleLabels, roles, type Role } from '#core/users/roles.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useMe } from '#web/features/auth/index.ts';
import { useAdminUsers } from '../api/use-admin-users.ts';
import { formatDate } from '../admin-format.ts';
import { EmptyState, ListSkeleton, LoadError } from './load-states.tsx';
import { Pager } from './pager.tsx';
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

function UserAction({
  user,
  isSelf,
  onChange,
}: {
  user: AdminUser;
  isSelf: boolean;
  onChange: (target: SuspensionTarget) => void;
}) {
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

/** Every account: search, role filter, suspend and reactivate with a reason. */
export function UsersTab({ initialSearch = '' }: { initialSearch?: string }) {
  const { data: me } = useMe();
  const [search, setSearch] = useState(initialSearch);
  const [role, setRole] = useState<Role | ''>('');
  const [page, setPage] = useState(1);
  const [changing, setChanging] = useState<SuspensionTarget | null>(null);
  const settled = useDebounced(search.trim(), 300);
  const query = useAdminUsers({
    search: settled || undefined,
    role: role || undefined,
    page,
    pageSize: PAGE_SIZE,
  });

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <Field label="Search users">
          {(ids) => (
            <div className="relative">
              <Search
                className="pointer-events-none absolute left-3 top-3 size-5 text-muted-foreground"
                aria-hidden
              />
              <Input
                {...ids}
                type="search"
                className="pl-10"
                placeholder="Name, email or username"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setPage(1);
                }}
              />
            </div>
          )}
        </Field>
        <Field label="Role">
          {(ids) => (
            <NativeSelect
              {...ids}
              value={role}
              onChange={(event) => {
                setRole(event.target.value as Role | '');
                setPage(1);
              }}
            >
              <option value="">All roles</option>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {roleLabels[r]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      {query.isPending ? (
        <ListSkeleton label="Loading users" rows={5} />
      ) : query.error ? (
        <LoadError
          message={`Could not load users: ${query.error.message}`}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Showing {query.data.users.length} of {query.data.total} users
          </p>
          {query.data.users.length === 0 ? (
            <EmptyState title="No users found" icon={Users}>
              Try another search or role.
            </EmptyState>
          ) : (
            <>
              <div className="hidden overflow-x-auto rounded-xl border bg-card md:block">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Users</caption>
                  <thead className="bg-muted text-xs uppercase tracking-wide text-muted-foreground">
                    <tr>
                      {['User', 'Email', 'Role', 'Phone', 'Joined', 'Account', 'Actions'].map(
                        (heading) => (
                          <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                            {heading}
                          </th>
                        ),
                      )}
                    </tr>
                  </thead>
                  <tbody className="divide-y">
                    {query.data.users.map((user) => (
                      <tr key={user.id} data-testid="user-row" className="align-top">
                        <td className="px-3 py-3">
                          <span className="grid">
                            <span className="font-bold">{user.name}</span>
                            <span className="text-xs text-muted-foreground">@{user.username}</span>
                          </span>
                        </td>
                        <td className="max-w-64 truncate px-3 py-3" title={user.email}>
                          {user.email}
                        </td>
                        <td className="px-3 py-3">
                          <RoleBadge role={user.role} />
                        </td>
                        <td className="px-3 py-3 whitespace-nowrap">{user.phone || '—'}</td>
                        <td className="px-3 py-3 whitespace-nowrap">
                          {formatDate(user.createdAt)}
                        </td>
                        <td className="max-w-56 px-3 py-3">
                          <AccountState user={user} />
                        </td>
                        <td className="px-3 py-3">
                          <UserAction
                            user={user}
                            isSelf={user.id === me?.id}
                            onChange={setChanging}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <ul className="grid gap-3 md:hidden" aria-label="Users">
                {query.data.users.map((user) => (
                  <li key={user.id}>
                    <Card className="grid gap-2 p-4" data-testid="user-card">
                      <div className="flex items-start justify-between gap-2">
                        <span className="grid min-w-0">
                          <span className="font-bold">{user.name}</span>
                          <span className="truncate text-sm text-muted-foreground">
                            {user.email}
                          </span>
                        </span>
                        <RoleBadge role={user.role} />
                      </div>
                      <p className="text-sm text-muted-foreground">
                        {user.phone || 'No phone'} · joined {formatDate(user.createdAt)}
                      </p>
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <AccountState user={user} />
                        <UserAction
                          user={user}
                          isSelf={user.id === me?.id}
                          onChange={setChanging}
                        />
                      </div>
                    </Card>
                  </li>
                ))}
              </ul>
            </>
          )}
          <Pager
            label="Users"
            page={page}
            pageSize={PAGE_SIZE}
            total={query.data.total}
            busy={query.isPlaceholderData}
            onPage={setPage}
          />
        </>
      )}
      {changing ? <SuspensionDialog target={changing} onClose={() => setChanging(null)} /> : null}
    </div>
  );
}
