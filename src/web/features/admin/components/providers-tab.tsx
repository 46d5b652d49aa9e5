import { Search, Store } from 'lucide-react';
import { useState } from 'react';
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
import { buttonVariants } from '#web/components/ui/button.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useAdminProviders } from '../api/use-admin-providers.ts';
import { useUpdateProvider } from '../api/use-update-provider.ts';
import { EmptyState, ListSkeleton, LoadError } from './load-states.tsx';
import { Pager } from './pager.tsx';
import { Rating } from '#web/features/reviews/index.ts';
import {
  adminStatusLook,
  ProviderStatusBadge,
  SuspendedBadge,
  VerificationBadge,
} from './status-badges.tsx';
import { SuspensionDialog, type SuspensionTarget } from './suspension-dialog.tsx';

const PAGE_SIZE = 20;

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

function ProvidersTable({
  providers,
  onSuspend,
}: {
  providers: AdminProvider[];
  onSuspend: (target: SuspensionTarget) => void;
}) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border bg-card md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Providers</caption>
        <thead className="bg-muted text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {[
              'Provider',
              'Service Type',
              'Location',
              'Status',
              'Rating',
              'Commission',
              'Actions',
            ].map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {providers.map((provider) => (
            <tr key={provider.id} data-testid="provider-row" className="align-top">
              <td className="max-w-64 px-3 py-3">
                <ProviderName provider={provider} />
              </td>
              <td className="px-3 py-3 whitespace-nowrap">
                {serviceTypeLabels[provider.serviceType]}
              </td>
              <td className="px-3 py-3 whitespace-nowrap">{location(provider)}</td>
              <td className="px-3 py-3">
                <ProviderStatusBadge status={provider.status} />
              </td>
              <td className="px-3 py-3 whitespace-nowrap">
                <Rating
                  rating={provider.rating}
                  reviewCount={provider.reviewCount}
                  className="whitespace-nowrap text-base"
                />
              </td>
              <td className="px-3 py-3 tabular-nums">{formatUsd(provider.commission)}</td>
              <td className="px-3 py-3">
                <Actions provider={provider} onSuspend={onSuspend} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProviderCards({
  providers,
  onSuspend,
}: {
  providers: AdminProvider[];
  onSuspend: (target: SuspensionTarget) => void;
}) {
  return (
    <ul className="grid gap-3 md:hidden" aria-label="Providers">
      {providers.map((provider) => (
        <li key={provider.id}>
          <Card className="grid gap-3 p-4" data-testid="provider-card">
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
                  <Rating
                    rating={provider.rating}
                    reviewCount={provider.reviewCount}
                    className="whitespace-nowrap text-base"
                  />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Commission</dt>
                <dd className="tabular-nums">{formatUsd(provider.commission)}</dd>
              </div>
            </dl>
            <Actions provider={provider} onSuspend={onSuspend} wrap />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The provider table: search by business name or email, filter by status, act on a row. */
export function ProvidersTab({ initialSearch = '' }: { initialSearch?: string }) {
  const [search, setSearch] = useState(initialSearch);
  const [status, setStatus] = useState<ProviderStatus | ''>('');
  const [verification, setVerification] = useState<VerificationStatus | ''>('');
  const [page, setPage] = useState(1);
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

  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <div className="col-span-2 sm:col-span-1">
          <Field label="Search providers">
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
                  placeholder="Business name or email"
                  value={search}
                  onChange={(event) => {
                    setSearch(event.target.value);
                    setPage(1);
                  }}
                />
              </div>
            )}
          </Field>
        </div>
        <Field label="Status">
          {(ids) => (
            <NativeSelect
              {...ids}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as ProviderStatus | '');
                setPage(1);
              }}
            >
              <option value="">All statuses</option>
              {providerStatuses.map((s) => (
                <option key={s} value={s}>
                  {adminStatusLook(s).label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Verification">
          {(ids) => (
            <NativeSelect
              {...ids}
              value={verification}
              onChange={(event) => {
                setVerification(event.target.value as VerificationStatus | '');
                setPage(1);
              }}
            >
              <option value="">All</option>
              {verificationStatuses.map((v) => (
                <option key={v} value={v}>
                  {v[0]?.toUpperCase()}
                  {v.slice(1)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      {query.isPending ? (
        <ListSkeleton label="Loading providers" rows={5} />
      ) : query.error ? (
        <LoadError
          message={`Could not load providers: ${query.error.message}`}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.providers.length === 0 ? (
        <EmptyState title="No providers found" icon={Store}>
          {filtered ? 'Try another search or status.' : 'Providers appear here once they apply.'}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Showing {query.data.providers.length} of {query.data.total} providers
          </p>
          <ProvidersTable providers={query.data.providers} onSuspend={setSuspending} />
          <ProviderCards providers={query.data.providers} onSuspend={setSuspending} />
          <Pager
            label="Providers"
            page={page}
            pageSize={PAGE_SIZE}
            total={query.data.total}
            busy={query.isPlaceholderData}
            onPage={setPage}
          />
        </>
      )}
      {suspending ? (
        <SuspensionDialog target={suspending} onClose={() => setSuspending(null)} />
      ) : null}
    </div>
  );
}
