import { Banknote, Hourglass, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { Booking } from '#core/bookings/schemas.ts';
import { ReasonDialog } from '#web/components/reason-dialog-lazy.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useFormat } from '#web/lib/format.ts';
import { T, useText } from '#web/lib/i18n.ts';
import { useCashConfirmation } from '../api/use-cash-confirmation.ts';
import { billingText } from '../text.ts';

const disputeSchema = () => import('#core/billing/schemas.ts').then((m) => m.disputeCashInput);

/** A job's payment that is neither paid nor free to pay again: cash awaiting or in dispute. */
export const paymentInPlay = (payment: Booking['payment']) =>
  payment?.status === 'processing' ||
  payment?.status === 'awaiting_confirmation' ||
  payment?.status === 'disputed';

function Note({ tone, children }: { tone: 'wait' | 'alert'; children: React.ReactNode }) {
  const Icon = tone === 'wait' ? Hourglass : TriangleAlert;
  return (
    <p
      className="flex items-start gap-2 rounded-xl bg-muted p-3 text-sm"
      role="status"
      data-testid="cash-status"
    >
      <Icon
        className={`mt-0.5 size-4 shrink-0 ${tone === 'wait' ? 'text-primary' : 'text-destructive'}`}
        aria-hidden
      />
      <span>{children}</span>
    </p>
  );
}

/** What the driver sees of a payment in play. */
export function DriverPaymentStatus({ payment }: { payment: Booking['payment'] }) {
  const t = useText(billingText);
  const f = useFormat();
  if (!payment || !paymentInPlay(payment)) return null;
  const amount = f.money(payment.amount);
  if (payment.status === 'disputed')
    return <Note tone="alert">{t('driverDisputed', { amount })}</Note>;
  if (payment.status === 'processing') return <Note tone="wait">{t('driverProcessing')}</Note>;
  return <Note tone="wait">{t('driverCashRecorded', { amount })}</Note>;
}

/** The provider confirms or disputes the driver's cash payment of the job. */
export function CashConfirmation({
  payment,
  driverName,
}: {
  payment: Booking['payment'];
  driverName: string;
}) {
  const [disputing, setDisputing] = useState(false);
  const settle = useCashConfirmation();
  const t = useText(billingText);
  const f = useFormat();
  if (!payment || payment.paymentMethod !== 'cash') return null;
  const amount = f.money(payment.amount);
  if (payment.status === 'disputed')
    return <Note tone="alert">{t('providerDisputed', { amount })}</Note>;
  if (payment.status !== 'awaiting_confirmation') return null;

  const confirm = () =>
    settle.mutate(
      { paymentId: payment.id },
      {
        onSuccess: () => toast({ title: t('cashConfirmed'), variant: 'success' }),
        onError: (error) =>
          toast({
            title: t('couldNotConfirm'),
            description: error.message,
            variant: 'destructive',
          }),
      },
    );

  return (
    <section
      className="grid gap-3 rounded-xl border border-primary p-3"
      aria-labelledby={`cash-${payment.id}`}
      data-testid="cash-confirmation"
    >
      <h3 id={`cash-${payment.id}`} className="flex items-center gap-2 font-semibold">
        <Banknote className="size-4 text-primary" aria-hidden />
        <span>
          <T
            text={billingText}
            id="driverSaysPaid"
            values={{ driverName, amount }}
            components={{ 0: <span translate="no" /> }}
          />
        </span>
      </h3>
      <p className="text-sm text-muted-foreground">{t('countsAsPaid')}</p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button disabled={settle.isPending} onClick={confirm} className="sm:order-2">
          {settle.isPending && !disputing ? t('confirming') : t('confirmCashReceived')}
        </Button>
        <Button variant="outline" disabled={settle.isPending} onClick={() => setDisputing(true)}>
          {t('dispute')}
        </Button>
      </div>
      {disputing ? (
        <ReasonDialog
          title={t('disputeTitle')}
          description={t('disputeDescription', { amount })}
          reasonLabel={t('disputeReasonLabel')}
          placeholder={t('disputePlaceholder')}
          required
          loadSchema={disputeSchema}
          confirmLabel={t('disputeConfirm')}
          busyLabel={t('sending')}
          destructive
          busy={settle.isPending}
          onClose={() => setDisputing(false)}
          onConfirm={(reason) =>
            settle.mutate(
              { paymentId: payment.id, dispute: reason ?? '' },
              {
                onSuccess: () => {
                  toast({
                    title: t('cashDisputed'),
                    description: t('cashDisputedDescription'),
                  });
                  setDisputing(false);
                },
                onError: (error) =>
                  toast({
                    title: t('couldNotDispute'),
                    description: error.message,
                    variant: 'destructive',
                  }),
              },
            )
          }
        />
      ) : null}
    </section>
  );
}
