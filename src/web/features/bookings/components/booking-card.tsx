import { Phone, Wrench } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Booking } from '#core/bookings/schemas.ts';
import { formatUsd } from '#core/money.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import {
  DriverPaymentStatus,
  loadPayBookingDialog,
  PaidBadge,
  PaymentFlags,
  paymentInPlay,
} from '#web/features/billing/index.ts';
import { jobCharge } from '#web/lib/job-charge.ts';
import { telHref } from '#web/lib/tel-href.ts';
import { ReviewDialog } from '#web/features/reviews/index.ts';
import { useMoveBooking } from '../api/use-bookings.ts';
import { bookingStatusLook } from '../booking-status.ts';
import { BookingDetails } from './booking-details.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { FeeBox } from './fee-box.tsx';
import { LiveTracking } from './live-tracking.tsx';
import { NoLiveTracking } from './no-live-tracking.tsx';
import { ShareTracking } from './share-tracking.tsx';

// The payment dialog (card form, saved cards) loads when a driver chooses to pay.
const PayBookingDialog = lazy(() =>
  loadPayBookingDialog().then((m) => ({
    default: m.PayBookingDialog,
  })),
);

function ProviderImage({ src, name }: { src: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed)
    return (
      <img
        src={src}
        alt=""
        className="size-14 shrink-0 rounded-xl object-cover"
        onError={() => setFailed(true)}
      />
    );
  return (
    <span
      className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary"
      aria-hidden
      title={name}
    >
      <Wrench className="size-7" />
    </span>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const look = bookingStatusLook(status);
  return (
    <span
      className={cn('rounded-full px-2.5 py-0.5 text-xs font-bold', look.badge)}
      data-testid="booking-status"
    >
      {look.label}
    </span>
  );
}

/** A driver's booking: the provider, the job, the fees and what can be done next. */
export function BookingCard({ booking }: { booking: Booking }) {
  const [dialog, setDialog] = useState<'cancel' | 'rate' | 'pay' | null>(null);
  const move = useMoveBooking();
  const { provider } = booking;
  const cancellable = booking.status === 'pending' || booking.status === 'confirmed';
  const rateable = booking.status === 'completed' && !booking.rated;
  const charge = jobCharge(booking);
  const total = charge.total;
  const paid = booking.payment?.status === 'completed' ? booking.payment : null;
  const payable =
    booking.status === 'completed' && !paid && !paymentInPlay(booking.payment) && total > 0;

  const cancel = () =>
    move.mutate(
      { id: booking.id, status: 'cancelled' },
      {
        onSuccess: () => {
          toast({ title: 'Booking cancelled' });
          setDialog(null);
        },
        onError: (error) =>
          toast({ title: 'Cancel failed', description: error.message, variant: 'destructive' }),
      },
    );

  return (
    <Card className="grid gap-3 p-4" data-testid="booking-card">
      <div className="flex items-start gap-3">
        <ProviderImage src={provider.profileImage} name={provider.businessName} />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex items-start justify-between gap-2">
            <h2 className="text-lg font-bold leading-tight">{provider.businessName}</h2>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <StatusBadge status={booking.status} />
              {paid ? <PaidBadge method={paid.paymentMethod} /> : null}
              <PaymentFlags payment={booking.payment} />
            </div>
          </div>
          {booking.technician ? (
            <p className="text-sm font-semibold" data-testid="booking-technician">
              Technician: {booking.technician.firstName}
            </p>
          ) : null}
          <p className="text-sm font-medium text-muted-foreground">{booking.serviceType}</p>
        </div>
      </div>
      <BookingDetails booking={booking} />
      {booking.status === 'in_progress' ? (
        provider.liveTracking ? (
          <LiveTracking booking={booking} />
        ) : (
          <NoLiveTracking />
        )
      ) : null}
      <DriverPaymentStatus payment={booking.payment} />
      <FeeBox
        baseLabel={charge.baseLabel}
        visitFee={charge.base}
        platformFee={charge.platformFee}
        total={charge.total}
        totalLabel="Total Cost"
      />
      <div className="grid grid-cols-2 gap-2">
        {provider.phone ? (
          <a
            href={telHref(provider.phone)}
            className={buttonVariants({ variant: 'outline' })}
            aria-label={`Call ${provider.businessName}`}
          >
            <Phone aria-hidden /> Call
          </a>
        ) : (
          <Button variant="outline" disabled>
            <Phone aria-hidden /> Call
          </Button>
        )}
        {cancellable ? (
          <Button variant="destructive" onClick={() => setDialog('cancel')}>
            Cancel Booking
          </Button>
        ) : rateable ? (
          <Button variant={payable ? 'outline' : 'default'} onClick={() => setDialog('rate')}>
            Rate Service
          </Button>
        ) : null}
        {payable ? (
          <Button className={rateable ? 'col-span-2' : undefined} onClick={() => setDialog('pay')}>
            Pay {formatUsd(total)}
          </Button>
        ) : null}
      </div>
      <ShareTracking booking={booking} />
      {dialog === 'cancel' ? (
        <ConfirmDialog
          title="Cancel this booking?"
          description={`${provider.businessName} will be told that you no longer need them.`}
          confirmLabel="Cancel Booking"
          busyLabel="Cancelling..."
          busy={move.isPending}
          onConfirm={cancel}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'pay' ? (
        <Suspense fallback={null}>
          <PayBookingDialog booking={booking} total={total} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
      {dialog === 'rate' ? (
        <ReviewDialog
          bookingId={booking.id}
          businessName={provider.businessName}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Card>
  );
}
