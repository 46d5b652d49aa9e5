import type { Booking } from '#core/bookings/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { billingText } from '../text.ts';

/** "Refunded $X" and "Disputed" on a job's card payment. */
export function PaymentFlags({ payment }: { payment: Booking['payment'] }) {
  const t = useText(billingText);
  const f = useFormat();
  if (!payment) return null;
  return (
    <>
      {payment.refundedAmount > 0 ? (
        <Badge variant="secondary" data-testid="refunded-badge">
          {t('refundedAmount', { amount: f.money(payment.refundedAmount) })}
        </Badge>
      ) : null}
      {payment.disputed ? (
        <Badge variant="destructive" data-testid="disputed-badge">
          {t('disputed')}
        </Badge>
      ) : null}
    </>
  );
}

/** The provider may refund a card payment of theirs until `refundableUntil`, while some is left. */
export function providerCanRefund(payment: Booking['payment'], now = Date.now()) {
  return Boolean(
    payment &&
    payment.paymentMethod === 'card' &&
    (payment.status === 'completed' || payment.status === 'refunded') &&
    payment.refundableUntil &&
    Date.parse(payment.refundableUntil) > now &&
    payment.refundedAmount < payment.amount &&
    !payment.disputed,
  );
}
