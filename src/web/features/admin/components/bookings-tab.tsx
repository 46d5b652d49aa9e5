import { CalendarX, Download } from 'lucide-react';
import { lazy, Suspense, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { AdminBooking } from '#core/admin/schemas.ts';
import { bookingStatuses, type BookingStatus } from '#core/bookings/catalog.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { loadRefundDialog } from '#web/features/billing/index.ts';
import { useFormat } from '#web/lib/format.ts';
import { textOf, useText, type Translate } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { useAdminBookings } from '../api/use-admin-bookings.ts';
import { downloadExport, exportUrl } from '../api/export-links.ts';
import { shortId, useAdminDates, utcDay } from '../admin-format.ts';
import { adminText, type AdminKey } from '../text.ts';
import { SelectFilter } from './admin-filters.tsx';
import { AdminQuery, AdminTable, usePaging, type AdminColumn } from './admin-table.tsx';
import { EmptyState } from './load-states.tsx';
import { BookingStatusBadge, useBookingStatusLabel } from './status-badges.tsx';

// The refund and override dialogs (their forms and rules) load when an admin opens one.
const RefundDialog = lazy(() => loadRefundDialog().then((m) => ({ default: m.RefundDialog })));
const BookingOverrideDialog = lazy(() =>
  import('./booking-override-dialog.tsx').then((m) => ({ default: m.BookingOverrideDialog })),
);

const PAGE_SIZE = 20;

/** An admin may refund a card payment at any time while some of it is left. */
const refundable = ({ payment }: AdminBooking) =>
  payment !== null &&
  payment.paymentMethod === 'card' &&
  payment.status === 'completed' &&
  payment.refundedAmount < payment.amount;
const linkClass = 'font-semibold text-primary underline-offset-2 hover:underline';

const usersLink = (email: string) => `/admin?tab=users&q=${encodeURIComponent(email)}`;
const providersLink = (name: string) => `/admin?tab=providers&q=${encodeURIComponent(name)}`;

function Amount({ booking }: { booking: AdminBooking }) {
  const t = useText(adminText);
  const f = useFormat();
  const cost = booking.actualCost ?? booking.visitFee;
  return (
    <span className="grid whitespace-nowrap tabular-nums">
      <span>{cost === null ? '—' : f.money(cost)}</span>
      <span className="text-xs text-muted-foreground">
        {t(booking.actualCost !== null ? 'actualCost' : 'visitFeeLower')}
      </span>
      {booking.platformFee !== null ? (
        <span className="text-xs text-muted-foreground">
          {t('platformFeeAmount', { amount: f.money(booking.platformFee) })}
        </span>
      ) : null}
      {booking.payment && booking.payment.refundedAmount > 0 ? (
        <span className="text-xs font-semibold">
          {t('refundedAmount', { amount: f.money(booking.payment.refundedAmount) })}
        </span>
      ) : null}
      {booking.payment?.disputed ? (
        <span className="text-xs font-semibold text-destructive">{t('cardDisputed')}</span>
      ) : null}
    </span>
  );
}

function Preferred({ booking }: { booking: AdminBooking }) {
  const { date } = useAdminDates();
  const label = useLabel();
  if (!booking.preferredDate && !booking.preferredTime) return <span>—</span>;
  return (
    <span className="grid whitespace-nowrap">
      {booking.preferredDate ? <span>{date(booking.preferredDate)}</span> : null}
      {booking.preferredTime ? (
        <span className="text-xs text-muted-foreground">
          {label('preferredTime', booking.preferredTime)}
        </span>
      ) : null}
    </span>
  );
}

function DriverLink({ booking }: { booking: AdminBooking }) {
  return (
    <Link
      href={usersLink(booking.driverEmail)}
      className={`${linkClass} block truncate`}
      title={booking.driverEmail}
      translate="no"
    >
      {booking.driverEmail}
    </Link>
  );
}

function ProviderLink({ booking }: { booking: AdminBooking }) {
  return (
    <Link
      href={providersLink(booking.provider.businessName)}
      className={`${linkClass} block truncate`}
      title={booking.provider.businessName}
      translate="no"
    >
      {booking.provider.businessName}
    </Link>
  );
}

function ExportLinks({ from, to }: { from: string; to: string }) {
  const t = useText(adminText);
  const valid = from <= to;
  // Fetched rather than followed, so that a re-check the server asks for opens its dialog.
  const download = (event: MouseEvent, kind: 'bookings' | 'payments') => {
    event.preventDefault();
    downloadExport(exportUrl(kind, from, to), `${kind}-${from}-to-${to}.csv`).catch(
      (error: Error) =>
        toast({
          title: textOf(adminText)('exportFailed'),
          description: error.message,
          variant: 'destructive',
        }),
    );
  };
  return (
    <Card className="grid gap-2 p-3 sm:flex sm:flex-wrap sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">{t('exportRange', { from, to })}</p>
      {valid ? (
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <a
            href={exportUrl('bookings', from, to)}
            download={`bookings-${from}-to-${to}.csv`}
            onClick={(event) => download(event, 'bookings')}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <Download aria-hidden />
            {t('bookingsCsv')}
          </a>
          <a
            href={exportUrl('payments', from, to)}
            download={`payments-${from}-to-${to}.csv`}
            onClick={(event) => download(event, 'payments')}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <Download aria-hidden />
            {t('paymentsCsv')}
          </a>
        </div>
      ) : (
        <p className="text-sm font-semibold text-destructive">{t('fromAfterTo')}</p>
      )}
    </Card>
  );
}

function BookingTitle({ booking }: { booking: AdminBooking }) {
  const label = useLabel();
  const { dateTime } = useAdminDates();
  return (
    <span className="grid">
      <span className="font-bold">{label('service', booking.serviceType)}</span>
      <span className="text-xs text-muted-foreground">
        <span translate="no">#{shortId(booking.id)}</span> · {dateTime(booking.createdAt)}
      </span>
    </span>
  );
}

function ChangeStatus({ booking, onChange }: { booking: AdminBooking; onChange: () => void }) {
  const t = useText(adminText);
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={t('changeStatusOf', { id: shortId(booking.id) })}
      onClick={onChange}
    >
      {t('changeStatus')}
    </Button>
  );
}

function RefundButton({ booking, onRefund }: { booking: AdminBooking; onRefund: () => void }) {
  const t = useText(adminText);
  if (!refundable(booking)) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={t('refundOf', { id: shortId(booking.id) })}
      onClick={onRefund}
    >
      {t('refund')}
    </Button>
  );
}

interface RowActions {
  onOverride: (booking: AdminBooking) => void;
  onRefund: (booking: AdminBooking) => void;
}

function Actions({ booking, onOverride, onRefund }: { booking: AdminBooking } & RowActions) {
  return (
    <span className="flex flex-wrap gap-2">
      <ChangeStatus booking={booking} onChange={() => onOverride(booking)} />
      <RefundButton booking={booking} onRefund={() => onRefund(booking)} />
    </span>
  );
}

/** The booking's parties, time and amount, as the card lists them below the title. */
const cardFacts: {
  term: AdminKey;
  wide?: boolean;
  Fact: (props: { booking: AdminBooking }) => ReactNode;
}[] = [
  { term: 'colDriver', wide: true, Fact: DriverLink },
  { term: 'colProvider', wide: true, Fact: ProviderLink },
  { term: 'colPreferred', Fact: Preferred },
  { term: 'colAmount', Fact: Amount },
];

function BookingCard({ booking, ...actions }: { booking: AdminBooking } & RowActions) {
  const t = useText(adminText);
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <BookingTitle booking={booking} />
        <BookingStatusBadge status={booking.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        {cardFacts.map(({ term, wide, Fact }) => (
          <div key={term} className={wide ? 'min-w-0' : undefined}>
            <dt className="text-xs text-muted-foreground">{t(term)}</dt>
            <dd>
              <Fact booking={booking} />
            </dd>
          </div>
        ))}
      </dl>
      <Actions booking={booking} {...actions} />
    </>
  );
}

const bookingColumns = (
  t: Translate<AdminKey>,
  actions: RowActions,
): AdminColumn<AdminBooking>[] => [
  { heading: t('colBooking'), cell: (booking) => <BookingTitle booking={booking} /> },
  {
    heading: t('colDriver'),
    className: 'max-w-56',
    cell: (booking) => <DriverLink booking={booking} />,
  },
  {
    heading: t('colProvider'),
    className: 'max-w-52',
    cell: (booking) => <ProviderLink booking={booking} />,
  },
  { heading: t('colPreferred'), cell: (booking) => <Preferred booking={booking} /> },
  { heading: t('status'), cell: (booking) => <BookingStatusBadge status={booking.status} /> },
  { heading: t('colAmount'), cell: (booking) => <Amount booking={booking} /> },
  {
    heading: t('actions'),
    cell: (booking) => <Actions booking={booking} {...actions} />,
  },
];

function DateFilter({
  label,
  value,
  min,
  max,
  error,
  onChange,
}: {
  label: string;
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} error={error}>
      {(ids) => (
        <Input
          {...ids}
          type="date"
          value={value}
          min={min}
          max={max}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** Every booking: filter by status and dates, override a status with a reason, export CSV. */
export function BookingsTab() {
  const t = useText(adminText);
  const statusLabel = useBookingStatusLabel();
  const [status, setStatus] = useState<BookingStatus | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { page, setPage, refilter } = usePaging();
  const [overriding, setOverriding] = useState<AdminBooking | null>(null);
  const [refunding, setRefunding] = useState<AdminBooking | null>(null);
  const rangeError = from && to && from > to ? 'From must not be after To' : undefined;
  const query = useAdminBookings({
    status: status || undefined,
    from: rangeError ? undefined : from || undefined,
    to: rangeError ? undefined : to || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const filtered = Boolean(status || from || to);
  const columns = useMemo(
    () => bookingColumns(t, { onOverride: setOverriding, onRefund: setRefunding }),
    [t],
  );

  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[12rem_12rem_12rem]">
        <div className="col-span-2 sm:col-span-1">
          <SelectFilter
            label={t('bookingStatus')}
            all={t('allStatuses')}
            options={bookingStatuses}
            optionLabel={statusLabel}
            value={status}
            onChange={refilter(setStatus)}
          />
        </div>
        <DateFilter
          label={t('from')}
          value={from}
          max={to || undefined}
          onChange={refilter(setFrom)}
        />
        <DateFilter
          label={t('to')}
          value={to}
          min={from || undefined}
          error={rangeError}
          onChange={refilter(setTo)}
        />
      </div>
      <ExportLinks from={from || utcDay(29)} to={to || utcDay(0)} />
      <AdminQuery query={query} loading={t('loadingBookings')} failed={t('bookingsFailed')}>
        {(data) =>
          data.bookings.length === 0 ? (
            <EmptyState title={t('noBookings')} icon={CalendarX}>
              {filtered ? t('noBookingsFiltered') : t('noBookingsYet')}
            </EmptyState>
          ) : (
            <AdminTable
              label={t('tabBookings')}
              count={t('countBookings')}
              rows={data.bookings}
              total={data.total}
              columns={columns}
              rowTestId="booking-row"
              cardTestId="booking-card"
              cardClassName="grid gap-2 p-4"
              card={(booking) => (
                <BookingCard booking={booking} onOverride={setOverriding} onRefund={setRefunding} />
              )}
              paging={{ page, pageSize: PAGE_SIZE, busy: query.isPlaceholderData, onPage: setPage }}
            />
          )
        }
      </AdminQuery>
      {overriding ? (
        <Suspense fallback={null}>
          <BookingOverrideDialog booking={overriding} onClose={() => setOverriding(null)} />
        </Suspense>
      ) : null}
      {refunding?.payment ? (
        <Suspense fallback={null}>
          <RefundDialog
            target={{
              paymentId: refunding.payment.id,
              amount: refunding.payment.amount,
              refundedAmount: refunding.payment.refundedAmount,
              driverName: refunding.driver.name,
              serviceType: refunding.serviceType,
            }}
            onClose={() => setRefunding(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
