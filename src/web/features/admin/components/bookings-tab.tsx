import { CalendarX, Download } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
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
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { bookingStatusLook } from '#web/features/bookings/index.ts';
import { useAdminBookings } from '../api/use-admin-bookings.ts';
import { downloadExport, exportUrl } from '../api/export-links.ts';
import { formatDate, formatDateTime, shortId, utcDay } from '../admin-format.ts';
import { BookingOverrideDialog } from './booking-override-dialog.tsx';
import { EmptyState, ListSkeleton, LoadError } from './load-states.tsx';
import { Pager } from './pager.tsx';
import { BookingStatusBadge } from './status-badges.tsx';

const PAGE_SIZE = 20;
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

/** Every booking: filter by status and dates, override a status with a reason, export CSV. */
export function BookingsTab() {
  const [status, setStatus] = useState<BookingStatus | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [overriding, setOverriding] = useState<AdminBooking | null>(null);
  const rangeError = from && to && from > to ? 'From must not be after To' : undefined;
  const query = useAdminBookings({
    status: status || undefined,
    from: rangeError ? undefined : from || undefined,
    to: rangeError ? undefined : to || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const filtered = Boolean(status || from || to);

  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[12rem_12rem_12rem]">
        <div className="col-span-2 sm:col-span-1">
          <Field label="Booking status">
            {(ids) => (
              <NativeSelect
                {...ids}
                value={status}
                onChange={(event) => {
                  setStatus(event.target.value as BookingStatus | '');
                  setPage(1);
                }}
              >
                <option value="">All statuses</option>
                {bookingStatuses.map((s) => (
                  <option key={s} value={s}>
                    {bookingStatusLook(s).label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </div>
        <Field label="From">
          {(ids) => (
            <Input
              {...ids}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(event) => {
                setFrom(event.target.value);
                setPage(1);
              }}
            />
          )}
        </Field>
        <Field label="To" error={rangeError}>
          {(ids) => (
            <Input
              {...ids}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => {
                setTo(event.target.value);
                setPage(1);
              }}
            />
          )}
        </Field>
      </div>
      <ExportLinks from={from || utcDay(29)} to={to || utcDay(0)} />
      {query.isPending ? (
        <ListSkeleton label="Loading bookings" rows={5} />
      ) : query.error ? (
        <LoadError
          message={`Could not load bookings: ${query.error.message}`}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.bookings.length === 0 ? (
        <EmptyState title="No bookings found" icon={CalendarX}>
          {filtered ? 'Try another status or date range.' : 'Bookings appear here once made.'}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Showing {query.data.bookings.length} of {query.data.total} bookings
          </p>
          <div className="hidden overflow-x-auto rounded-xl border bg-card md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Bookings</caption>
              <thead className="bg-muted text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  {[
                    'Booking',
                    'Driver',
                    'Provider',
                    'Preferred',
                    'Status',
                    'Amount',
                    'Actions',
                  ].map((heading) => (
                    <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y">
                {query.data.bookings.map((booking) => (
                  <tr key={booking.id} data-testid="booking-row" className="align-top">
                    <td className="px-3 py-3">
                      <span className="grid">
                        <span className="font-bold">{booking.serviceType}</span>
                        <span className="text-xs text-muted-foreground">
                          #{shortId(booking.id)} · {formatDateTime(booking.createdAt)}
                        </span>
                      </span>
                    </td>
                    <td className="max-w-56 px-3 py-3">
                      <DriverLink booking={booking} />
                    </td>
                    <td className="max-w-52 px-3 py-3">
                      <ProviderLink booking={booking} />
                    </td>
                    <td className="px-3 py-3">
                      <Preferred booking={booking} />
                    </td>
                    <td className="px-3 py-3">
                      <BookingStatusBadge status={booking.status} />
                    </td>
                    <td className="px-3 py-3">
                      <Amount booking={booking} />
                    </td>
                    <td className="px-3 py-3">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Change status of booking ${shortId(booking.id)}`}
                        onClick={() => setOverriding(booking)}
                      >
                        Change status
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-3 md:hidden" aria-label="Bookings">
            {query.data.bookings.map((booking) => (
              <li key={booking.id}>
                <Card className="grid gap-2 p-4" data-testid="booking-card">
                  <div className="flex items-start justify-between gap-2">
                    <span className="grid">
                      <span className="font-bold">{booking.serviceType}</span>
                      <span className="text-xs text-muted-foreground">
                        #{shortId(booking.id)} · {formatDateTime(booking.createdAt)}
                      </span>
                    </span>
                    <BookingStatusBadge status={booking.status} />
                  </div>
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                    <div className="min-w-0">
                      <dt className="text-xs text-muted-foreground">Driver</dt>
                      <dd>
                        <DriverLink booking={booking} />
                      </dd>
                    </div>
                    <div className="min-w-0">
                      <dt className="text-xs text-muted-foreground">Provider</dt>
                      <dd>
                        <ProviderLink booking={booking} />
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted-foreground">Preferred</dt>
                      <dd>
                        <Preferred booking={booking} />
                      </dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted-foreground">Amount</dt>
                      <dd>
                        <Amount booking={booking} />
                      </dd>
                    </div>
                  </dl>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Change status of booking ${shortId(booking.id)}`}
                    onClick={() => setOverriding(booking)}
                  >
                    Change status
                  </Button>
                </Card>
              </li>
            ))}
          </ul>
          <Pager
            label="Bookings"
            page={page}
            pageSize={PAGE_SIZE}
            total={query.data.total}
            busy={query.isPlaceholderData}
            onPage={setPage}
          />
        </>
      )}
      {overriding ? (
        <BookingOverrideDialog booking={overriding} onClose={() => setOverriding(null)} />
      ) : null}
    </div>
  );
}
