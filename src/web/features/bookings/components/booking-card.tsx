import { Phone, Wrench } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Booking } from '#core/bookings/schemas.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import { T, textOf, useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import {
  DriverPaymentStatus,
  loadPayBookingDialog,
  PaidBadge,
  PaymentFlags,
  paymentInPlay,
} from '#web/features/billing/index.ts';
import { jobCharge } from '#web/lib/job-charge.ts';
import { telHref } from '#web/lib/tel-href.ts';
import { loadReviewDialog } from '#web/features/reviews/index.ts';
import { useMoveBooking } from '../api/use-bookings.ts';
import { bookingStatusLook } from '../booking-status.ts';
import { bookingsText } from '../text.ts';
import { BookingDetails } from './booking-details.tsx';
import { FeeBox } from './fee-box.tsx';
import { ConfirmDialog } from './job-dialogs.ts';
import { LiveTracking } from './live-tracking.tsx';
import { NoLiveTracking } from './no-live-tracking.tsx';
import { ShareTracking } from './share-tracking.tsx';

// The dialogs (the payment's card form, the review's form) load when a driver opens one.
const PayBookingDialog = lazy(() =>
  loadPayBookingDialog().then((m) => ({
    default: m.PayBookingDialog,
  })),
);
const ReviewDialog = lazy(() => loadReviewDialog().then((m) => ({ default: m.ReviewDialog })));

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
      translate="no"
    >
      <Wrench className="size-7" />
    </span>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const look = bookingStatusLook(status);
  const label = useLabel();
  return (
    <span
      className={cn('rounded-full px-2.5 py-0.5 text-xs font-bold', look.badge)}
      data-testid="booking-status"
    >
      {label('bookingStatus', status)}
    </span>
  );
}

/** A driver's booking: the provider, the job, the fees and what can be done next. */
export function BookingCard({ booking }: { booking: Booking }) {
  const t = useText(bookingsText);
  const f = useFormat();
  const label = useLabel();
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
          toast({ title: textOf(bookingsText)('bookingCancelled') });
          setDialog(null);
        },
        onError: (error) =>
          toast({
            title: textOf(bookingsText)('cancelFailed'),
            description: error.message,
            variant: 'destructive',
          }),
      },
    );

  return (
    <Card className="grid gap-3 p-4" data-testid="booking-card">
      <div className="flex items-start gap-3">
        <ProviderImage src={provider.profileImage} name={provider.businessName} />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex items-start justify-between gap-2">
            <h2 className="text-lg font-bold leading-tight" translate="no">
              {provider.businessName}
            </h2>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <StatusBadge status={booking.status} />
              {paid ? <PaidBadge method={paid.paymentMethod} /> : null}
              <PaymentFlags payment={booking.payment} />
            </div>
          </div>
          {booking.technician ? (
            <p className="text-sm font-semibold" data-testid="booking-technician">
              <T
                text={bookingsText}
                id="technician"
                values={{ name: booking.technician.firstName }}
                components={{ 0: <span translate="no" /> }}
              />
            </p>
          ) : null}
          <p className="text-sm font-medium text-muted-foreground">
            {label('service', booking.serviceType)}
          </p>
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
        base={booking.actualCost !== null ? 'jobCost' : 'visitFee'}
        visitFee={charge.base}
        platformFee={charge.platformFee}
        total={charge.total}
        totalLabel="totalCost"
      />
      <div className="grid grid-cols-2 gap-2">
        {provider.phone ? (
          <a
            href={telHref(provider.phone)}
            className={buttonVariants({ variant: 'outline' })}
            aria-label={t('callName', { name: provider.businessName })}
          >
            <Phone aria-hidden /> {t('call')}
          </a>
        ) : (
          <Button variant="outline" disabled>
            <Phone aria-hidden /> {t('call')}
          </Button>
        )}
        {cancellable ? (
          <Button variant="destructive" onClick={() => setDialog('cancel')}>
            {t('cancelBooking')}
          </Button>
        ) : rateable ? (
          <Button variant={payable ? 'outline' : 'default'} onClick={() => setDialog('rate')}>
            {t('rateService')}
          </Button>
        ) : null}
        {payable ? (
          <Button className={rateable ? 'col-span-2' : undefined} onClick={() => setDialog('pay')}>
            {t('pay', { amount: f.money(total) })}
          </Button>
        ) : null}
      </div>
      <ShareTracking booking={booking} />
      {dialog === 'cancel' ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('cancelTitle')}
            description={t('cancelDescription', { name: provider.businessName })}
            confirmLabel={t('cancelBooking')}
            busyLabel={t('cancelling')}
            busy={move.isPending}
            onConfirm={cancel}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
      {dialog === 'pay' ? (
        <Suspense fallback={null}>
          <PayBookingDialog booking={booking} total={total} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
      {dialog === 'rate' ? (
        <Suspense fallback={null}>
          <ReviewDialog
            bookingId={booking.id}
            businessName={provider.businessName}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
