import { CalendarX, Download } from 'lucide-react';
import { lazy, Suspense, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { AdminBooking } from '#core/admin/schemas.ts';
import {
  bookingStatuses,
  preferredTimeLabels,
  type BookingStatus,
} from '#core/bookings/catalog.ts';
import { formatUsd } from '#core/money.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { loadRefundDialog } from '#web/features/billing/index.ts';
import { bookingStatusLook } from '#web/features/bookings/index.ts';
import { useAdminBookings } from '../api/use-admin-bookings.ts';
import { downloadExport, exportUrl } from '../api/export-links.ts';
import { formatDate, formatDateTime, shortId, utcDay } from '../admin-format.ts';
import { BookingOverrideDialog } from './booking-override-dialog.tsx';
import { SelectFilter } from './admin-filters.tsx';
import { AdminQuery, AdminTable, usePaging, type AdminColumn } from './admin-table.tsx';
import { EmptyState } from './load-states.tsx';
import { BookingStatusBadge } from './status-badges.tsx';

// The refund dialog (its form and rules) loads when an admin chooses to refund.
const RefundDialog = lazy(() => loadRefundDialog().then((m) => ({ default: m.RefundDialog })));

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
  const cost = booking.actualCost ?? booking.visitFee;
  return (
    <span className="grid whitespace-nowrap tabular-nums">
      <span>{cost === null ? '—' : formatUsd(cost)}</span>
      <span className="text-xs text-muted-foreground">
        {booking.actualCost !== null ? 'Actual cost' : 'Visit fee'}
      </span>
      {booking.platformFee !== null ? (
        <span className="text-xs text-muted-foreground">
          Platform fee {formatUsd(booking.platformFee)}
        </span>
      ) : null}
      {booking.payment && booking.payment.refundedAmount > 0 ? (
        <span className="text-xs font-semibold">
          Refunded {formatUsd(booking.payment.refundedAmount)}
        </span>
      ) : null}
      {booking.payment?.disputed ? (
        <span className="text-xs font-semibold text-destructive">Card payment disputed</span>
      ) : null}
    </span>
  );
}

function Preferred({ booking }: { booking: AdminBooking }) {
  if (!booking.preferredDate && !booking.preferredTime) return <span>—</span>;
  return (
    <span className="grid whitespace-nowrap">
      {booking.preferredDate ? <span>{formatDate(booking.preferredDate)}</span> : null}
      {booking.preferredTime ? (
        <span className="text-xs text-muted-foreground">
          {preferredTimeLabels[booking.preferredTime]}
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
    >
      {booking.provider.businessName}
    </Link>
  );
}

function ExportLinks({ from, to }: { from: string; to: string }) {
  const valid = from <= to;
  // Fetched rather than followed, so that a re-check the server asks for opens its dialog.
  const download = (event: MouseEvent, kind: 'bookings' | 'payments') => {
    event.preventDefault();
    downloadExport(exportUrl(kind, from, to), `${kind}-${from}-to-${to}.csv`).catch(
      (error: Error) =>
        toast({ title: 'Export failed', description: error.message, variant: 'destructive' }),
    );
  };
  return (
    <Card className="grid gap-2 p-3 sm:flex sm:flex-wrap sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">
        Export {from} to {to} (UTC days) as CSV
      </p>
      {valid ? (
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <a
            href={exportUrl('bookings', from, to)}
            download={`bookings-${from}-to-${to}.csv`}
            onClick={(event) => download(event, 'bookings')}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <Download aria-hidden />
            Bookings CSV
          </a>
          <a
            href={exportUrl('payments', from, to)}
            download={`payments-${from}-to-${to}.csv`}
            onClick={(event) => download(event, 'payments')}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <Download aria-hidden />
            Payments CSV
          </a>
        </div>
      ) : (
        <p className="text-sm font-semibold text-destructive">From must not be after To.</p>
      )}
    </Card>
  );
}

function BookingTitle({ booking }: { booking: AdminBooking }) {
  return (
    <span className="grid">
      <span className="font-bold">{booking.serviceType}</span>
      <span className="text-xs text-muted-foreground">
        #{shortId(booking.id)} · {formatDateTime(booking.createdAt)}
      </span>
    </span>
  );
}

function ChangeStatus({ booking, onChange }: { booking: AdminBooking; onChange: () => void }) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Change status of booking ${shortId(booking.id)}`}
      onClick={onChange}
    >
      Change status
    </Button>
  );
}

function RefundButton({ booking, onRefund }: { booking: AdminBooking; onRefund: () => void }) {
  if (!refundable(booking)) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Refund the card payment of booking ${shortId(booking.id)}`}
      onClick={onRefund}
    >
      Refund
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
  term: string;
  wide?: boolean;
  Fact: (props: { booking: AdminBooking }) => ReactNode;
}[] = [
  { term: 'Driver', wide: true, Fact: DriverLink },
  { term: 'Provider', wide: true, Fact: ProviderLink },
  { term: 'Preferred', Fact: Preferred },
  { term: 'Amount', Fact: Amount },
];

function BookingCard({ booking, ...actions }: { booking: AdminBooking } & RowActions) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <BookingTitle booking={booking} />
        <BookingStatusBadge status={booking.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        {cardFacts.map(({ term, wide, Fact }) => (
          <div key={term} className={wide ? 'min-w-0' : undefined}>
            <dt className="text-xs text-muted-foreground">{term}</dt>
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

const bookingColumns = (actions: RowActions): AdminColumn<AdminBooking>[] => [
  { heading: 'Booking', cell: (booking) => <BookingTitle booking={booking} /> },
  { heading: 'Driver', className: 'max-w-56', cell: (booking) => <DriverLink booking={booking} /> },
  {
    heading: 'Provider',
    className: 'max-w-52',
    cell: (booking) => <ProviderLink booking={booking} />,
  },
  { heading: 'Preferred', cell: (booking) => <Preferred booking={booking} /> },
  { heading: 'Status', cell: (booking) => <BookingStatusBadge status={booking.status} /> },
  { heading: 'Amount', cell: (booking) => <Amount booking={booking} /> },
  {
    heading: 'Actions',
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
    () => bookingColumns({ onOverride: setOverriding, onRefund: setRefunding }),
    [],
  );

  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[12rem_12rem_12rem]">
        <div className="col-span-2 sm:col-span-1">
          <SelectFilter
            label="Booking status"
            all="All statuses"
            options={bookingStatuses}
            optionLabel={(s) => bookingStatusLook(s).label}
            value={status}
            onChange={refilter(setStatus)}
          />
        </div>
        <DateFilter label="From" value={from} max={to || undefined} onChange={refilter(setFrom)} />
        <DateFilter
          label="To"
          value={to}
          min={from || undefined}
          error={rangeError}
          onChange={refilter(setTo)}
        />
      </div>
      <ExportLinks from={from || utcDay(29)} to={to || utcDay(0)} />
      <AdminQuery query={query} loading="Loading bookings" what="bookings">
        {(data) =>
          data.bookings.length === 0 ? (
            <EmptyState title="No bookings found" icon={CalendarX}>
              {filtered ? 'Try another status or date range.' : 'Bookings appear here once made.'}
            </EmptyState>
          ) : (
            <AdminTable
              label="Bookings"
              count="bookings"
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
        <BookingOverrideDialog booking={overriding} onClose={() => setOverriding(null)} />
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
