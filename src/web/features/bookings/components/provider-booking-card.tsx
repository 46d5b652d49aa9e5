import {
  ExternalLink,
  FileDown,
  HardHat,
  Landmark,
  Navigation,
  Phone,
  TriangleAlert,
  User,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { featureGateMessage } from '#core/billing/plan-features.ts';
import type { BookingStatus } from '#core/bookings/catalog.ts';
import { urgencyLabels } from '#core/bookings/safety.ts';
import type { Booking } from '#core/bookings/schemas.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import {
  CashConfirmation,
  hasPdfReceipt,
  loadRefundDialog,
  PaidBadge,
  PaymentFlags,
  providerCanRefund,
  receiptPdfUrl,
} from '#web/features/billing/index.ts';
import { T, textOf, useMessage, useText } from '#web/lib/i18n.ts';
import { jobCharge } from '#web/lib/job-charge.ts';
import { useLabel } from '#web/lib/labels.ts';
import { telHref } from '#web/lib/tel-href.ts';
import { useMoveBooking } from '../api/use-bookings.ts';
import { bookingsText } from '../text.ts';
import type { SharingState } from '../use-share-position.ts';
import { AssignTechnician } from './assign-technician.tsx';
import { StatusBadge } from './booking-card.tsx';
import { BookingDetails } from './booking-details.tsx';
import { FeeBox } from './fee-box.tsx';
import { CompleteJobDialog, ConfirmDialog } from './job-dialogs.ts';
import { ShareTracking } from './share-tracking.tsx';

// The refund dialog (its form and rules) loads when the provider chooses to refund.
const RefundDialog = lazy(() => loadRefundDialog().then((m) => ({ default: m.RefundDialog })));

const sharingText = {
  off: 'sharingOff',
  sharing: 'sharingOn',
  denied: 'sharingDenied',
  unsupported: 'sharingUnsupported',
  disabled: 'sharingDisabled',
} as const satisfies Record<SharingState, string>;

const directionsHref = (booking: Booking) =>
  booking.latitude !== null && booking.longitude !== null
    ? `https://www.google.com/maps/dir/?api=1&destination=${booking.latitude},${booking.longitude}`
    : booking.location
      ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(booking.location)}`
      : null;

/** Who at the business looks at the job: its owner, a dispatcher or a technician. */
export type ProviderSide = 'owner' | 'dispatcher' | 'technician';

const openStatuses: readonly BookingStatus[] = ['pending', 'confirmed', 'in_progress'];

/**
 * A request as the provider sees it: the driver, the job, and the next step of the job. A
 * technician only moves their job along (Start, Complete); the owner and dispatchers accept,
 * decline and, with team accounts (`canAssign`), choose who does an open job.
 */
export function ProviderBookingCard({
  booking,
  sharing,
  side = 'owner',
  canAssign = false,
}: {
  booking: Booking;
  sharing: SharingState | null;
  side?: ProviderSide;
  canAssign?: boolean;
}) {
  const t = useText(bookingsText);
  const label = useLabel();
  const message = useMessage();
  const technicianView = side === 'technician';
  const [dialog, setDialog] = useState<'decline' | 'complete' | 'refund' | null>(null);
  const move = useMoveBooking();
  const directions = directionsHref(booking);
  const urgency =
    booking.truckLocation && urgencyLabels[booking.truckLocation]
      ? label('urgency', booking.truckLocation)
      : undefined;
  const charge = jobCharge(booking);
  const { payment } = booking;
  const paidByCard = payment?.paymentMethod === 'card' && payment.status !== 'failed';
  const payoutsHint =
    side === 'owner' &&
    booking.status === 'completed' &&
    !booking.provider.acceptsCards &&
    !paidByCard;
  const refundable = !technicianView && providerCanRefund(payment);
  const assignable = canAssign && !technicianView && openStatuses.includes(booking.status);

  const moveTo = (
    status: BookingStatus,
    done: 'bookingAccepted' | 'jobStarted' | 'requestDeclined' | 'jobCancelled',
  ) =>
    move.mutate(
      { id: booking.id, status },
      {
        onSuccess: () => {
          toast({ title: textOf(bookingsText)(done), variant: 'success' });
          setDialog(null);
        },
        onError: (error) =>
          toast({
            title: textOf(bookingsText)('updateFailed'),
            description: error.message,
            variant: 'destructive',
          }),
      },
    );

  return (
    <Card className="grid gap-3 p-4" data-testid="provider-booking-card">
      <div className="flex items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 className="flex items-center gap-2 text-lg font-bold leading-tight" translate="no">
            {booking.driver.avatarUrl ? (
              <img
                src={booking.driver.avatarUrl}
                alt=""
                className="size-8 rounded-full object-cover"
              />
            ) : (
              <User className="size-5 text-muted-foreground" aria-hidden />
            )}
            {booking.driver.name}
          </h2>
          <p className="text-sm font-medium text-muted-foreground">
            {label('service', booking.serviceType)}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <StatusBadge status={booking.status} />
          {booking.payment?.status === 'completed' ? (
            <PaidBadge method={booking.payment.paymentMethod} />
          ) : null}
          <PaymentFlags payment={booking.payment} />
        </div>
      </div>
      {urgency && booking.status !== 'completed' && booking.status !== 'cancelled' ? (
        <p
          className="flex items-center gap-2 rounded-xl bg-destructive p-3 text-sm font-semibold text-destructive-foreground"
          data-testid="urgency"
        >
          <TriangleAlert className="size-4 shrink-0" aria-hidden />
          {t('besideTraffic', { urgency })}
        </p>
      ) : null}
      {booking.technician && !technicianView ? (
        <p className="flex items-center gap-2 text-sm font-semibold" data-testid="assigned-to">
          <HardHat className="size-4 shrink-0 text-primary" aria-hidden />
          <T
            text={bookingsText}
            id="assignedTo"
            values={{ name: booking.technician.firstName }}
            components={{ 0: <span translate="no" /> }}
          />
        </p>
      ) : null}
      <BookingDetails booking={booking} />
      {assignable ? <AssignTechnician booking={booking} /> : null}
      {booking.status === 'in_progress' && sharing && !booking.provider.liveTracking ? (
        <p
          className="flex items-center gap-2 rounded-xl bg-muted p-3 text-sm"
          role="status"
          data-testid="live-tracking-gate"
        >
          <Navigation className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          {message(featureGateMessage('liveTracking'))}
        </p>
      ) : booking.status === 'in_progress' && sharing ? (
        <p className="flex items-center gap-2 rounded-xl bg-muted p-3 text-sm" role="status">
          <Navigation className="size-4 shrink-0 text-primary" aria-hidden />
          {t(sharingText[sharing])}
        </p>
      ) : null}
      <FeeBox
        base={booking.actualCost !== null ? 'jobCost' : 'visitFee'}
        visitFee={charge.base}
        platformFee={charge.platformFee}
        total={charge.total}
        totalLabel="totalCost"
      />
      <CashConfirmation payment={booking.payment} driverName={booking.driver.name} />
      {side === 'owner' && payment && hasPdfReceipt(payment.status) ? (
        <a
          href={receiptPdfUrl(payment.id)}
          download
          className="flex items-center gap-2 text-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          <FileDown className="size-4 shrink-0" aria-hidden />
          {t('receiptPdf')}
        </a>
      ) : null}
      {payoutsHint ? (
        <Link
          href="/profile?tab=business"
          className="flex items-center gap-2 rounded-xl border-2 border-warning bg-warning/10 p-3 text-sm font-semibold underline-offset-4 hover:underline"
          data-testid="payouts-hint"
        >
          <Landmark className="size-4 shrink-0 text-warning" aria-hidden />
          {t('payoutsHint')}
        </Link>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <a
          href={telHref(booking.driver.phone)}
          className={buttonVariants({ variant: 'outline' })}
          aria-label={t('callName', { name: booking.driver.name })}
        >
          <Phone aria-hidden /> {t('call')}
        </a>
        {directions ? (
          <a
            href={directions}
            target="_blank"
            rel="noreferrer"
            className={buttonVariants({ variant: urgency ? 'destructive' : 'outline' })}
            {...(urgency
              ? { 'aria-label': t('mapUrgent', { urgency: urgency.toLowerCase() }) }
              : {})}
          >
            <ExternalLink aria-hidden /> {t('map')}
          </a>
        ) : (
          <span />
        )}
        {booking.status === 'pending' && !technicianView ? (
          <>
            <Button variant="destructive" onClick={() => setDialog('decline')}>
              {t('decline')}
            </Button>
            <Button
              disabled={move.isPending}
              onClick={() => moveTo('confirmed', 'bookingAccepted')}
            >
              {t('accept')}
            </Button>
          </>
        ) : null}
        {booking.status === 'confirmed' ? (
          <>
            {technicianView ? null : (
              <Button variant="destructive" onClick={() => setDialog('decline')}>
                {t('cancel')}
              </Button>
            )}
            <Button
              className={technicianView ? 'col-span-2' : undefined}
              disabled={move.isPending}
              onClick={() => moveTo('in_progress', 'jobStarted')}
            >
              {t('startJob')}
            </Button>
          </>
        ) : null}
        {booking.status === 'in_progress' ? (
          <Button className="col-span-2" onClick={() => setDialog('complete')}>
            {t('completeJob')}
          </Button>
        ) : null}
        {refundable ? (
          <Button variant="outline" className="col-span-2" onClick={() => setDialog('refund')}>
            {t('refund')}
          </Button>
        ) : null}
      </div>
      <ShareTracking booking={booking} />
      {dialog === 'decline' ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={booking.status === 'pending' ? t('declineTitle') : t('cancelJobTitle')}
            description={t('declineDescription', { name: booking.driver.name })}
            confirmLabel={booking.status === 'pending' ? t('decline') : t('cancelJob')}
            busyLabel={t('saving')}
            busy={move.isPending}
            onConfirm={() =>
              moveTo('cancelled', booking.status === 'pending' ? 'requestDeclined' : 'jobCancelled')
            }
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
      {dialog === 'refund' && payment ? (
        <Suspense fallback={null}>
          <RefundDialog
            target={{
              paymentId: payment.id,
              amount: payment.amount,
              refundedAmount: payment.refundedAmount,
              driverName: booking.driver.name,
              serviceType: booking.serviceType,
            }}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
      {dialog === 'complete' ? (
        <Suspense fallback={null}>
          <CompleteJobDialog
            bookingId={booking.id}
            suggested={booking.estimatedCost}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
