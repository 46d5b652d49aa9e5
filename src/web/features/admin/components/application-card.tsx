import { lazy, Suspense, type ReactNode } from 'react';
import type { AdminProvider } from '#core/admin/schemas.ts';
import { serviceTypeLabels, type ServiceType } from '#core/providers/catalog.ts';
import { reviewedFieldLabels, type ReviewedField } from '#core/providers/pending-changes.ts';
import { formatUsd } from '#core/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { formatDateTime } from '../admin-format.ts';

// Leaflet loads only when an application with a position is on screen.
const AddressMap = lazy(() => import('./address-map.tsx'));

function Item({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('grid min-w-0 content-start gap-0.5', className)}>
      <dt className="text-xs font-semibold text-muted-foreground">{label}</dt>
      <dd className="break-words">{children ?? '—'}</dd>
    </div>
  );
}

const orDash = (value: string | null | undefined) => (value ? value : '—');

/** A photo in the list of changes: the picture itself, which is what the admin judges. */
function PhotoValue({ url, label }: { url: string; label: string }) {
  if (url === '—') return <>—</>;
  return <img src={url} alt={label} className="mt-1 h-24 w-32 rounded-md border object-cover" />;
}

/** Each reviewed field the owner changed: its label, the live value and the requested one. */
function requestedChanges(provider: AdminProvider): [ReviewedField, string, string, string][] {
  const values = provider.pendingChanges?.values ?? {};
  const show = (field: ReviewedField, value: unknown) =>
    field === 'serviceType'
      ? serviceTypeLabels[value as ServiceType]
      : field === 'latitude'
        ? `${provider.latitude ?? '—'}, ${provider.longitude ?? '—'}`
        : orDash(value as string | null);
  return (Object.keys(values) as ReviewedField[])
    .filter((field) => field !== 'longitude')
    .map((field) => [
      field,
      reviewedFieldLabels[field],
      show(field, provider[field]),
      field === 'latitude'
        ? `${values.latitude ?? '—'}, ${values.longitude ?? '—'}`
        : show(field, values[field]),
    ]);
}

/** Everything an applicant sent, a map of the address, and the decision buttons. */
export function ApplicationCard({
  provider,
  busy,
  onApprove,
  onReject,
}: {
  provider: AdminProvider;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const address = [
    provider.address,
    [provider.city, provider.state].filter(Boolean).join(', '),
    provider.zipCode,
  ]
    .filter(Boolean)
    .join(' ');
  const headingId = `application-${provider.id}`;
  return (
    <Card className="grid gap-4 p-4" data-testid="application-card">
      <article aria-labelledby={headingId} className="grid gap-4">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-0.5">
            <h3 id={headingId} className="text-lg font-bold">
              {provider.businessName}
            </h3>
            <p className="text-sm text-muted-foreground">
              {serviceTypeLabels[provider.serviceType]} ·{' '}
              {provider.pendingChanges
                ? `verified; changes sent ${formatDateTime(provider.pendingChanges.since)}`
                : `applied ${formatDateTime(provider.createdAt)}`}
            </p>
          </div>
        </header>
        {provider.pendingChanges ? (
          <section
            aria-label="Requested changes"
            className="grid gap-2 rounded-lg border-2 border-amber-500 p-3 text-sm"
          >
            <h4 className="font-semibold">Requested changes (drivers see the current values)</h4>
            <dl className="grid gap-1 sm:grid-cols-[auto_1fr_1fr] sm:gap-x-4">
              {requestedChanges(provider).map(([field, label, now, next]) => (
                <div key={label} className="contents">
                  <dt className="font-medium">{label}</dt>
                  <dd className="break-words text-muted-foreground">
                    Now:{' '}
                    {field === 'profileImage' ? (
                      <PhotoValue url={now} label="Current photo" />
                    ) : (
                      now
                    )}
                  </dd>
                  <dd className="break-words">
                    New:{' '}
                    {field === 'profileImage' ? <PhotoValue url={next} label="New photo" /> : next}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
        <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2 xl:grid-cols-3">
            <Item label="Contact">{provider.owner.name}</Item>
            <Item label="Account email">{provider.owner.email}</Item>
            <Item label="Business email">{orDash(provider.email)}</Item>
            <Item label="Phone">{orDash(provider.phone)}</Item>
            <Item label="Address">{orDash(address)}</Item>
            <Item label="Service Type">{serviceTypeLabels[provider.serviceType]}</Item>
            <Item label="Visit Fee">{formatUsd(provider.visitFee)}</Item>
            <Item label="Hourly Rate">
              {provider.hourlyRate === null ? '—' : formatUsd(provider.hourlyRate)}
            </Item>
            <Item label="License Number">{orDash(provider.licenseNumber)}</Item>
            <Item label="Insurance Policy">{orDash(provider.insurancePolicy)}</Item>
            <Item label="24/7 Emergency Service">{provider.is24Hour ? 'Yes' : 'No'}</Item>
            <Item label="Accepts AAA">{provider.acceptsAAA ? 'Yes' : 'No'}</Item>
            {provider.website ? <Item label="Website">{provider.website}</Item> : null}
            {provider.specialties.length > 0 ? (
              <Item label="Specialties">{provider.specialties.join(', ')}</Item>
            ) : null}
            {provider.certifications.length > 0 ? (
              <Item label="Certifications">{provider.certifications.join(', ')}</Item>
            ) : null}
            {provider.description ? (
              <Item label="Description" className="sm:col-span-2 xl:col-span-3">
                <span className="whitespace-pre-line">{provider.description}</span>
              </Item>
            ) : null}
          </dl>
          {provider.latitude !== null && provider.longitude !== null ? (
            <Suspense fallback={<div className="h-48 animate-pulse rounded-lg bg-muted" />}>
              <AddressMap
                latitude={provider.latitude}
                longitude={provider.longitude}
                label={`${provider.businessName}, ${address}`}
              />
            </Suspense>
          ) : (
            <p className="grid h-24 place-items-center rounded-lg border-2 border-dashed text-sm text-muted-foreground">
              No map position for this address
            </p>
          )}
        </div>
        <div className="grid gap-2 sm:flex sm:justify-end">
          <Button
            variant="outline"
            className="text-destructive"
            disabled={busy}
            aria-label={`Reject ${provider.businessName}`}
            onClick={onReject}
          >
            Reject
          </Button>
          <Button
            disabled={busy}
            aria-label={`Approve ${provider.businessName}`}
            onClick={onApprove}
          >
            Approve
          </Button>
        </div>
      </article>
    </Card>
  );
}
