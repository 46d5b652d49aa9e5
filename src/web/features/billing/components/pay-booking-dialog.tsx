import { Banknote, CreditCard, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Booking } from '#core/bookings/schemas.ts';
import type { PaymentResult } from '#core/billing/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { dismissToast, toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import { T, useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { useRefreshBilling } from '../api/billing-keys.ts';
import { usePay, type PayBody } from '../api/use-pay.ts';
import { usePaymentsMode } from '../api/use-payments-mode.ts';
import { useSavedCards } from '../api/use-saved-cards.ts';
import { useBillingWords } from '../billing-format.ts';
import { errorMessage, type ConfirmOutcome } from '../confirm-outcome.ts';
import { payText } from '../pay-text.ts';
import { BillingSkeleton, LoadError } from './load-states.tsx';
import { SaveCardForm } from './save-card-form.tsx';
import { PaymentsOffNotice } from './payments-off-notice.tsx';
import { TestModeNotice } from './test-mode-notice.tsx';
import { useNextAction } from './use-next-action.tsx';

const NEW_CARD = 'new-card';
const CASH = 'cash';

function Choice({
  value,
  selected,
  onSelect,
  children,
}: {
  value: string;
  selected: string;
  onSelect: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-xl border-2 p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        selected === value && 'border-primary bg-accent',
      )}
    >
      <input
        type="radio"
        name="pay-with"
        value={value}
        checked={selected === value}
        onChange={() => onSelect(value)}
        className="size-4 accent-primary"
      />
      {children}
    </label>
  );
}

/**
 * Pay a completed job: a saved card, a new card, or cash already handed to the provider. A
 * provider whose payouts are not set up cannot be paid by card: cash only, said so.
 */
export function PayBookingDialog({
  booking,
  total,
  onClose,
}: {
  booking: Booking;
  /** What the job costs the driver (the booking card's `jobCharge`). */
  total: number;
  onClose: () => void;
}) {
  const t = useText(payText);
  const f = useFormat();
  const label = useLabel();
  const { cardLabel, expiryLabel } = useBillingWords();
  const amount = f.money(total);
  const business = booking.provider.businessName;
  const cards = useSavedCards();
  const mode = usePaymentsMode();
  const paymentsOff = mode.data?.payments === 'off';
  const off = paymentsOff || !booking.provider.acceptsCards;
  const pay = usePay();
  const nextAction = useNextAction();
  const refresh = useRefreshBilling();
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const defaultCard = cards.data?.find((c) => c.isDefault) ?? cards.data?.[0];
  const selected = choice ?? defaultCard?.id ?? NEW_CARD;

  const failed = (message: string) => {
    toast({ title: t('paymentFailed'), description: message, variant: 'destructive' });
  };

  const settle = async (body: PayBody) => {
    setBusy(true);
    dismissToast(); // the last attempt's failure
    let outcome: ConfirmOutcome;
    let result: PaymentResult | null = null;
    try {
      result = await pay.mutateAsync(body);
      outcome =
        result.status === 'requires_action' && result.clientSecret
          ? await nextAction.run(result.clientSecret)
          : { ok: true };
    } catch (error) {
      outcome = { ok: false, message: errorMessage(error) };
    }
    await refresh();
    setBusy(false);
    if (!outcome.ok) {
      failed(outcome.message);
      return;
    }
    toast(
      body.paymentMethod === 'cash'
        ? {
            title: t('cashRecorded'),
            description: t('cashRecordedDescription', { business, amount }),
            variant: 'success',
          }
        : {
            title: t('paymentSuccessful'),
            description: t('youPaid', { amount, business }),
            variant: 'success',
          },
    );
    onClose();
  };

  const payWith = (cardId: string) =>
    settle({ bookingId: booking.id, paymentMethod: 'card', paymentMethodId: cardId });

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogTitle>{t('title')}</DialogTitle>
        <DialogDescription>
          <T
            text={payText}
            id="serviceBy"
            values={{ service: label('service', booking.serviceType), business }}
            components={{ 0: <span translate="no" /> }}
          />
        </DialogDescription>
        <dl className="flex items-center justify-between rounded-xl border-2 p-3">
          <dt className="font-semibold">{t('total')}</dt>
          <dd className="text-2xl font-extrabold tabular-nums">{amount}</dd>
        </dl>
        {mode.data?.payments === 'test' && !off && selected !== NEW_CARD ? (
          <TestModeNotice />
        ) : null}
        {off ? (
          <>
            {paymentsOff ? (
              <PaymentsOffNotice>
                <p className="text-muted-foreground">{t('cardsOff')}</p>
              </PaymentsOffNotice>
            ) : (
              <p
                role="status"
                data-testid="cards-unavailable"
                className="flex items-start gap-2 rounded-xl border-2 border-warning bg-warning/10 p-3 text-sm font-semibold"
              >
                <Banknote className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
                <span>
                  <T
                    text={payText}
                    id="cardsUnavailable"
                    values={{ business }}
                    components={{ 0: <span translate="no" /> }}
                  />
                </span>
              </p>
            )}
            <Button
              disabled={busy}
              onClick={() => void settle({ bookingId: booking.id, paymentMethod: 'cash' })}
            >
              {busy ? t('recording') : t('recordCash', { amount })}
            </Button>
          </>
        ) : cards.isPending ? (
          <BillingSkeleton label={t('loadingCards')} heights={[14, 14]} />
        ) : cards.isError ? (
          <LoadError
            message={t('couldNotLoadCards', { message: cards.error.message })}
            onRetry={() => void cards.refetch()}
          />
        ) : (
          <fieldset className="grid gap-2" disabled={busy}>
            <legend className="mb-2 text-sm font-semibold">{t('payWith')}</legend>
            {cards.data.map((card) => (
              <Choice key={card.id} value={card.id} selected={selected} onSelect={setChoice}>
                <CreditCard className="size-5 shrink-0 text-primary" aria-hidden />
                <span className="grid">
                  <span className="font-semibold">
                    {cardLabel(card.brand, card.last4)}
                    {card.isDefault ? t('defaultSuffix') : ''}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {expiryLabel(card.expMonth, card.expYear)}
                  </span>
                </span>
              </Choice>
            ))}
            <Choice value={NEW_CARD} selected={selected} onSelect={setChoice}>
              <Plus className="size-5 shrink-0 text-primary" aria-hidden />
              <span className="font-semibold">{t('newCard')}</span>
            </Choice>
            <Choice value={CASH} selected={selected} onSelect={setChoice}>
              <Banknote className="size-5 shrink-0 text-primary" aria-hidden />
              <span className="font-semibold">{t('paidInCash')}</span>
            </Choice>
          </fieldset>
        )}
        {cards.data && !off && selected === NEW_CARD ? (
          <SaveCardForm
            submitLabel={t('pay', { amount })}
            returnPath="/bookings?tab=history"
            onSaved={async (card) => {
              if (!card) {
                failed(t('newCardNotFound'));
                return;
              }
              // Saved either way: a retry after a refusal pays with it from the list.
              setChoice(card.id);
              await payWith(card.id);
            }}
            onFailed={failed}
          />
        ) : null}
        {cards.data && !off && selected === CASH ? (
          <Button
            disabled={busy}
            onClick={() => void settle({ bookingId: booking.id, paymentMethod: 'cash' })}
          >
            {busy ? t('recording') : t('recordCash', { amount })}
          </Button>
        ) : null}
        {cards.data && !off && selected !== NEW_CARD && selected !== CASH ? (
          <Button disabled={busy} onClick={() => void payWith(selected)}>
            {busy ? t('paying') : t('pay', { amount })}
          </Button>
        ) : null}
        {nextAction.dialog}
      </DialogContent>
    </Dialog>
  );
}
