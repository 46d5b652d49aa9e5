import { Store } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { AdminProvider } from '#core/admin/schemas.ts';
import {
  providerStatuses,
  serviceTypeLabels,
  verificationStatuses,
  type ProviderStatus,
  type VerificationStatus,
} from '#core/providers/catalog.ts';
import { formatUsd } from '#core/money.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useAdminProviders } from '../api/use-admin-providers.ts';
import { useUpdateProvider } from '../api/use-update-provider.ts';
import { SearchFilter, SelectFilter } from './admin-filters.tsx';
import { AdminQuery, AdminTable, usePaging, type AdminColumn } from './admin-table.tsx';
import { EmptyState } from './load-states.tsx';
import { Rating } from '#web/features/reviews/index.ts';
import {
  adminStatusLook,
  ProviderStatusBadge,
  SuspendedBadge,
  VerificationBadge,
} from './status-badges.tsx';
import { SuspensionDialog, type SuspensionTarget } from './suspension-dialog.tsx';

const PAGE_SIZE = 20;

// The account manager's dialog loads when opened (Enterprise businesses only).
const AccountManagerDialog = lazy(() => import('./account-manager-dialog.tsx'));

/** Names the admin who manages an Enterprise business. */
function AccountManagerButton({ provider }: { provider: AdminProvider }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Account manager of ${provider.businessName}`}
        onClick={() => setOpen(true)}
      >
        Manager
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AccountManagerDialog provider={provider} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

const location = (p: AdminProvider) => [p.city, p.state].filter(Boolean).join(', ') || '—';

function StatusSelect({ provider }: { provider: AdminProvider }) {
  const update = useUpdateProvider();
  const current = adminStatusLook(provider.status);
  return (
    <NativeSelect
      aria-label={`Status of ${provider.businessName}`}
      className="h-10 min-w-32 text-sm"
      value={provider.status}
      disabled={update.isPending}
      onChange={(event) => {
        const status = event.target.value as ProviderStatus;
        update.mutate(
          { id: provider.id, change: { status } },
          {
            onSuccess: () =>
              toast({
                title: 'Status Updated',
                description: `${provider.businessName} is now ${adminStatusLook(status).label}.`,
                variant: 'success',
              }),
            onError: (error) =>
              toast({
                title: 'Status Not Changed',
                description: `${provider.businessName} is still ${current.label}: ${error.message}`,
                variant: 'destructive',
              }),
          },
        );
      }}
    >
      {providerStatuses.map((status) => (
        <option key={status} value={status}>
          {adminStatusLook(status).label}
        </option>
      ))}
    </NativeSelect>
  );
}

function Actions({
  provider,
  onSuspend,
  wrap = false,
}: {
  provider: AdminProvider;
  onSuspend: (target: SuspensionTarget) => void;
  /** On a card the buttons wrap; in the table they stay on one line. */
  wrap?: boolean;
}) {
  const suspended = provider.owner.suspendedAt !== null;
  return (
    <div className={cn('flex items-center gap-2', wrap ? 'flex-wrap' : 'flex-nowrap')}>
      {provider.verification === 'approved' ? (
        <Link
          href={`/providers/${provider.id}`}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          aria-label={`View ${provider.businessName}`}
        >
          View
        </Link>
      ) : null}
      <StatusSelect provider={provider} />
      {provider.plan === 'enterprise' ? <AccountManagerButton provider={provider} /> : null}
      <Button
        variant={suspended ? 'outline' : 'ghost'}
        size="sm"
        className={suspended ? undefined : 'text-destructive'}
        aria-label={`${suspended ? 'Reactivate' : 'Suspend'} owner of ${provider.businessName}`}
        onClick={() =>
          onSuspend({
            userId: provider.owner.id,
            name: provider.owner.name,
            suspended,
            context: `owner of ${provider.businessName}`,
          })
        }
      >
        {suspended ? 'Reactivate owner' : 'Suspend owner'}
      </Button>
    </div>
  );
}

function ProviderName({ provider }: { provider: AdminProvider }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <span className="font-bold">{provider.businessName}</span>
      <span className="truncate text-xs text-muted-foreground">
        {provider.owner.name} · {provider.owner.email}
      </span>
      {provider.verification !== 'approved' || provider.owner.suspendedAt ? (
        <span className="flex flex-wrap gap-1">
          {provider.verification !== 'approved' ? (
            <VerificationBadge verification={provider.verification} />
          ) : null}
          {provider.owner.suspendedAt ? <SuspendedBadge /> : null}
        </span>
      ) : null}
    </div>
  );
}

function ProviderRating({ provider }: { provider: AdminProvider }) {
  return (
    <Rating
      rating={provider.rating}
      reviewCount={provider.reviewCount}
      className="whitespace-nowrap text-base"
    />
  );
}

const providerColumns = (
  onSuspend: (target: SuspensionTarget) => void,
): AdminColumn<AdminProvider>[] => [
  {
    heading: 'Provider',
    className: 'max-w-64',
    cell: (provider) => <ProviderName provider={provider} />,
  },
  {
    heading: 'Service Type',
    className: 'whitespace-nowrap',
    cell: (provider) => serviceTypeLabels[provider.serviceType],
  },
  { heading: 'Location', className: 'whitespace-nowrap', cell: location },
  { heading: 'Status', cell: (provider) => <ProviderStatusBadge status={provider.status} /> },
  {
    heading: 'Rating',
    className: 'whitespace-nowrap',
    cell: (provider) => <ProviderRating provider={provider} />,
  },
  {
    heading: 'Commission',
    className: 'tabular-nums',
    cell: (provider) => formatUsd(provider.commission),
  },
  {
    heading: 'Actions',
    cell: (provider) => <Actions provider={provider} onSuspend={onSuspend} />,
  },
];

function ProviderCard({
  provider,
  onSuspend,
}: {
  provider: AdminProvider;
  onSuspend: (target: SuspensionTarget) => void;
}) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <ProviderName provider={provider} />
        <ProviderStatusBadge status={provider.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Service Type</dt>
          <dd>{serviceTypeLabels[provider.serviceType]}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Location</dt>
          <dd>{location(provider)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Rating</dt>
          <dd>
            <ProviderRating provider={provider} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Commission</dt>
          <dd className="tabular-nums">{formatUsd(provider.commission)}</dd>
        </div>
      </dl>
      <Actions provider={provider} onSuspend={onSuspend} wrap />
    </>
  );
}

/** The provider table: search by business name or email, filter by status, act on a row. */
export function ProvidersTab({ initialSearch = '' }: { initialSearch?: string }) {
  const [search, setSearch] = useState(initialSearch);
  const [status, setStatus] = useState<ProviderStatus | ''>('');
  const [verification, setVerification] = useState<VerificationStatus | ''>('');
  const { page, setPage, refilter } = usePaging();
  const [suspending, setSuspending] = useState<SuspensionTarget | null>(null);
  const settled = useDebounced(search.trim(), 300);
  const query = useAdminProviders({
    search: settled || undefined,
    status: status || undefined,
    verification: verification || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const filtered = Boolean(settled || status || verification);

  const columns = useMemo(() => providerColumns(setSuspending), []);

  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <div className="col-span-2 sm:col-span-1">
          <SearchFilter
            label="Search providers"
            placeholder="Business name or email"
            value={search}
            onChange={refilter(setSearch)}
          />
        </div>
        <SelectFilter
          label="Status"
          all="All statuses"
          options={providerStatuses}
          optionLabel={(s) => adminStatusLook(s).label}
          value={status}
          onChange={refilter(setStatus)}
        />
        <SelectFilter
          label="Verification"
          all="All"
          options={verificationStatuses}
          optionLabel={(v) => `${v[0]?.toUpperCase()}${v.slice(1)}`}
          value={verification}
          onChange={refilter(setVerification)}
        />
      </div>
      <AdminQuery query={query} loading="Loading providers" what="providers">
        {(data) =>
          data.providers.length === 0 ? (
            <EmptyState title="No providers found" icon={Store}>
              {filtered
                ? 'Try another search or status.'
                : 'Providers appear here once they apply.'}
            </EmptyState>
          ) : (
            <AdminTable
              label="Providers"
              count="providers"
              rows={data.providers}
              total={data.total}
              columns={columns}
              rowTestId="provider-row"
              cardTestId="provider-card"
              cardClassName="grid gap-3 p-4"
              card={(provider) => <ProviderCard provider={provider} onSuspend={setSuspending} />}
              paging={{ page, pageSize: PAGE_SIZE, busy: query.isPlaceholderData, onPage: setPage }}
            />
          )
        }
      </AdminQuery>
      {suspending ? (
        <SuspensionDialog target={suspending} onClose={() => setSuspending(null)} />
      ) : null}
    </div>
  );
}
