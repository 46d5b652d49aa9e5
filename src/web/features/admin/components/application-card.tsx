import { lazy, Suspense, type ReactNode } from 'react';
import type { AdminProvider } from '#core/admin/schemas.ts';
import type { ReviewedField } from '#core/providers/reviewed-fields.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { useAdminDates } from '../admin-format.ts';
import { adminText } from '../text.ts';

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
      <dd className="break-words" translate="no">
        {children ?? '—'}
      </dd>
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
function useRequestedChanges(provider: AdminProvider): [ReviewedField, string, string, string][] {
  const label = useLabel();
  const values = provider.pendingChanges?.values ?? {};
  const show = (field: ReviewedField, value: unknown) =>
    field === 'serviceType'
      ? label('serviceType', value as string)
      : field === 'latitude'
        ? `${provider.latitude ?? '—'}, ${provider.longitude ?? '—'}`
        : orDash(value as string | null);
  return (Object.keys(values) as ReviewedField[])
    .filter((field) => field !== 'longitude')
    .map((field) => [
      field,
      label('reviewedField', field),
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
  const t = useText(adminText);
  const label = useLabel();
  const f = useFormat();
  const { dateTime } = useAdminDates();
  const changes = useRequestedChanges(provider);
  const yesNo = (value: boolean) => <span translate="yes">{t(value ? 'yes' : 'no')}</span>;
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
            <h3 id={headingId} className="text-lg font-bold" translate="no">
              {provider.businessName}
            </h3>
            <p className="text-sm text-muted-foreground">
              {label('serviceType', provider.serviceType)} ·{' '}
              {provider.pendingChanges
                ? t('changesSent', { date: dateTime(provider.pendingChanges.since) })
                : t('appliedOn', { date: dateTime(provider.createdAt) })}
            </p>
          </div>
        </header>
        {provider.pendingChanges ? (
          <section
            aria-label={t('requestedChanges')}
            className="grid gap-2 rounded-lg border-2 border-amber-500 p-3 text-sm"
          >
            <h4 className="font-semibold">{t('requestedChangesHint')}</h4>
            <dl className="grid gap-1 sm:grid-cols-[auto_1fr_1fr] sm:gap-x-4">
              {changes.map(([field, fieldLabel, now, next]) => (
                <div key={field} className="contents">
                  <dt className="font-medium">{fieldLabel}</dt>
                  <dd className="break-words text-muted-foreground">
                    {t('now')}{' '}
                    {field === 'profileImage' ? (
                      <PhotoValue url={now} label={t('currentPhoto')} />
                    ) : (
                      <span translate={field === 'serviceType' ? undefined : 'no'}>{now}</span>
                    )}
                  </dd>
                  <dd className="break-words">
                    {t('new')}{' '}
                    {field === 'profileImage' ? (
                      <PhotoValue url={next} label={t('newPhoto')} />
                    ) : (
                      <span translate={field === 'serviceType' ? undefined : 'no'}>{next}</span>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
        <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2 xl:grid-cols-3">
            <Item label={t('contact')}>{provider.owner.name}</Item>
            <Item label={t('accountEmail')}>{provider.owner.email}</Item>
            <Item label={t('businessEmail')}>{orDash(provider.email)}</Item>
            <Item label={t('phone')}>{orDash(provider.phone)}</Item>
            <Item label={t('address')}>{orDash(address)}</Item>
            <Item label={t('serviceType')}>
              <span translate="yes">{label('serviceType', provider.serviceType)}</span>
            </Item>
            <Item label={t('visitFee')}>{f.money(provider.visitFee)}</Item>
            <Item label={t('hourlyRate')}>
              {provider.hourlyRate === null ? '—' : f.money(provider.hourlyRate)}
            </Item>
            <Item label={t('licenseNumber')}>{orDash(provider.licenseNumber)}</Item>
            <Item label={t('insurancePolicy')}>{orDash(provider.insurancePolicy)}</Item>
            <Item label={t('emergency247')}>{yesNo(provider.is24Hour)}</Item>
            <Item label={t('acceptsAAA')}>{yesNo(provider.acceptsAAA)}</Item>
            {provider.website ? <Item label={t('website')}>{provider.website}</Item> : null}
            {provider.specialties.length > 0 ? (
              <Item label={t('specialties')}>{provider.specialties.join(', ')}</Item>
            ) : null}
            {provider.certifications.length > 0 ? (
              <Item label={t('certifications')}>{provider.certifications.join(', ')}</Item>
            ) : null}
            {provider.description ? (
              <Item label={t('description')} className="sm:col-span-2 xl:col-span-3">
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
              {t('noMapPosition')}
            </p>
          )}
        </div>
        <div className="grid gap-2 sm:flex sm:justify-end">
          <Button
            variant="outline"
            className="text-destructive"
            disabled={busy}
            aria-label={t('rejectName', { name: provider.businessName })}
            onClick={onReject}
          >
            {t('reject')}
          </Button>
          <Button
            disabled={busy}
            aria-label={t('approveName', { name: provider.businessName })}
            onClick={onApprove}
          >
            {t('approve')}
          </Button>
        </div>
      </article>
    </Card>
  );
}
