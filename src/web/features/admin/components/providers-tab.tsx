import { Store } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { AdminProvider } from '#core/admin/schemas.ts';
import {
  providerStatuses,
  verificationStatuses,
  type ProviderStatus,
  type VerificationStatus,
} from '#core/providers/catalog.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import { textOf, useText, type Translate } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { PROVIDERS_PAGE_SIZE, useAdminProviders } from '../api/use-admin-providers.ts';
import { useUpdateProvider } from '../api/use-update-provider.ts';
import { SearchFilter, SelectFilter } from './admin-filters.tsx';
import { AdminQuery, AdminTable, usePaging, type AdminColumn } from './admin-table.tsx';
import { EmptyState } from './load-states.tsx';
import { Rating } from '#web/features/reviews/index.ts';
import {
  ProviderStatusBadge,
  SuspendedBadge,
  useProviderStatusText,
  VerificationBadge,
} from './status-badges.tsx';
import { adminText, type AdminKey } from '../text.ts';
import { SuspensionDialog, type SuspensionTarget } from './suspension-dialog.tsx';

const verificationOptionKeys: Record<VerificationStatus, AdminKey> = {
  pending: 'optionPending',
  approved: 'optionApproved',
  rejected: 'optionRejected',
};

// The account manager's dialog loads when opened (Enterprise businesses only).
const AccountManagerDialog = lazy(() => import('./account-manager-dialog.tsx'));

/** Names the admin who manages an Enterprise business. */
function AccountManagerButton({ provider }: { provider: AdminProvider }) {
  const t = useText(adminText);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-label={t('managerOf', { name: provider.businessName })}
        onClick={() => setOpen(true)}
      >
        {t('manager')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AccountManagerDialog provider={provider} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

interface ProviderFacts {
  serviceType: (provider: AdminProvider) => string;
  commission: (provider: AdminProvider) => string;
}

function useProviderFacts(): ProviderFacts {
  const label = useLabel();
  const f = useFormat();
  return {
    serviceType: (provider) => label('serviceType', provider.serviceType),
    commission: (provider) => f.money(provider.commission),
  };
}

const location = (p: AdminProvider) => [p.city, p.state].filter(Boolean).join(', ') || '—';

function StatusSelect({ provider }: { provider: AdminProvider }) {
  const t = useText(adminText);
  const statusText = useProviderStatusText();
  const update = useUpdateProvider();
  const current = statusText(provider.status);
  return (
    <NativeSelect
      aria-label={t('statusOf', { name: provider.businessName })}
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
                title: textOf(adminText)('statusUpdated'),
                description: textOf(adminText)('statusNowIs', {
                  name: provider.businessName,
                  status: statusText(status).label,
                }),
                variant: 'success',
              }),
            onError: (error) =>
              toast({
                title: textOf(adminText)('statusNotChanged'),
                description: textOf(adminText)('statusStillIs', {
                  name: provider.businessName,
                  status: current.label,
                  error: error.message,
                }),
                variant: 'destructive',
              }),
          },
        );
      }}
    >
      {providerStatuses.map((status) => (
        <option key={status} value={status}>
          {statusText(status).label}
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
  const t = useText(adminText);
  const suspended = provider.owner.suspendedAt !== null;
  const name = provider.businessName;
  return (
    <div className={cn('flex items-center gap-2', wrap ? 'flex-wrap' : 'flex-nowrap')}>
      {provider.verification === 'approved' ? (
        <Link
          href={`/providers/${provider.id}`}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          aria-label={t('viewProvider', { name })}
        >
          {t('view')}
        </Link>
      ) : null}
      <StatusSelect provider={provider} />
      {provider.plan === 'enterprise' ? <AccountManagerButton provider={provider} /> : null}
      <Button
        variant={suspended ? 'outline' : 'ghost'}
        size="sm"
        className={suspended ? undefined : 'text-destructive'}
        aria-label={t(suspended ? 'reactivateOwnerOf' : 'suspendOwnerOf', { name })}
        onClick={() =>
          onSuspend({
            userId: provider.owner.id,
            name: provider.owner.name,
            suspended,
            context: t('ownerOf', { name }),
          })
        }
      >
        {t(suspended ? 'reactivateOwner' : 'suspendOwner')}
      </Button>
    </div>
  );
}

function ProviderName({ provider }: { provider: AdminProvider }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <span className="font-bold" translate="no">
        {provider.businessName}
      </span>
      <span className="truncate text-xs text-muted-foreground" translate="no">
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
  t: Translate<AdminKey>,
  facts: ProviderFacts,
  onSuspend: (target: SuspensionTarget) => void,
): AdminColumn<AdminProvider>[] => [
  {
    heading: t('colProvider'),
    className: 'max-w-64',
    cell: (provider) => <ProviderName provider={provider} />,
  },
  {
    heading: t('serviceType'),
    className: 'whitespace-nowrap',
    cell: facts.serviceType,
  },
  {
    heading: t('location'),
    className: 'whitespace-nowrap',
    cell: (provider) => <span translate="no">{location(provider)}</span>,
  },
  {
    heading: t('status'),
    cell: (provider) => <ProviderStatusBadge status={provider.status} />,
  },
  {
    heading: t('rating'),
    className: 'whitespace-nowrap',
    cell: (provider) => <ProviderRating provider={provider} />,
  },
  {
    heading: t('commission'),
    className: 'tabular-nums',
    cell: facts.commission,
  },
  {
    heading: t('actions'),
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
  const t = useText(adminText);
  const facts = useProviderFacts();
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <ProviderName provider={provider} />
        <ProviderStatusBadge status={provider.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">{t('serviceType')}</dt>
          <dd>{facts.serviceType(provider)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('location')}</dt>
          <dd translate="no">{location(provider)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('rating')}</dt>
          <dd>
            <ProviderRating provider={provider} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('commission')}</dt>
          <dd className="tabular-nums">{facts.commission(provider)}</dd>
        </div>
      </dl>
      <Actions provider={provider} onSuspend={onSuspend} wrap />
    </>
  );
}

/** The provider table: search by business name or email, filter by status, act on a row. */
export function ProvidersTab({ initialSearch = '' }: { initialSearch?: string }) {
  const t = useText(adminText);
  const facts = useProviderFacts();
  const statusText = useProviderStatusText();
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
    pageSize: PROVIDERS_PAGE_SIZE,
  });
  const filtered = Boolean(settled || status || verification);

  const columns = useMemo(() => providerColumns(t, facts, setSuspending), [t, facts]);

  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <div className="col-span-2 sm:col-span-1">
          <SearchFilter
            label={t('searchProviders')}
            placeholder={t('searchProvidersPlaceholder')}
            value={search}
            onChange={refilter(setSearch)}
          />
        </div>
        <SelectFilter
          label={t('status')}
          all={t('allStatuses')}
          options={providerStatuses}
          optionLabel={(s) => statusText(s).label}
          value={status}
          onChange={refilter(setStatus)}
        />
        <SelectFilter
          label={t('verification')}
          all={t('all')}
          options={verificationStatuses}
          optionLabel={(v) => t(verificationOptionKeys[v])}
          value={verification}
          onChange={refilter(setVerification)}
        />
      </div>
      <AdminQuery query={query} loading={t('loadingProviders')} failed={t('providersFailed')}>
        {(data) =>
          data.providers.length === 0 ? (
            <EmptyState title={t('noProviders')} icon={Store}>
              {filtered ? t('noProvidersFiltered') : t('noProvidersYet')}
            </EmptyState>
          ) : (
            <AdminTable
              label={t('tabProviders')}
              count={t('countProviders')}
              rows={data.providers}
              total={data.total}
              columns={columns}
              rowTestId="provider-row"
              cardTestId="provider-card"
              cardClassName="grid gap-3 p-4"
              card={(provider) => <ProviderCard provider={provider} onSuspend={setSuspending} />}
              paging={{
                page,
                pageSize: PROVIDERS_PAGE_SIZE,
                busy: query.isPlaceholderData,
                onPage: setPage,
              }}
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
