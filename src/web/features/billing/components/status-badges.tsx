import type { PaymentStatus, SubscriptionStatus } from '#core/billing/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { useText } from '#web/lib/i18n.ts';
import { billingText } from '../text.ts';

type Variant = 'default' | 'secondary' | 'outline' | 'destructive' | 'success';

/** Active and completed default, cancelled and failed destructive, expired secondary, pending outline; past due reads "Past due" and is as urgent as a failure. */
const subscriptionVariants: Record<SubscriptionStatus, Variant> = {
  active: 'default',
  completed: 'default',
  cancelled: 'destructive',
  failed: 'destructive',
  expired: 'secondary',
  pending: 'outline',
  past_due: 'destructive',
};

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const t = useText(billingText);
  return (
    <Badge variant={subscriptionVariants[status] ?? 'outline'} data-testid="subscription-status">
      {t('subscriptionStatus', { status })}
    </Badge>
  );
}

const paymentVariants: Record<PaymentStatus, Variant> = {
  completed: 'default',
  pending: 'outline',
  failed: 'destructive',
  refunded: 'secondary',
  processing: 'outline',
  awaiting_confirmation: 'outline',
  disputed: 'destructive',
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const t = useText(billingText);
  return (
    <Badge variant={paymentVariants[status] ?? 'outline'}>{t('paymentStatus', { status })}</Badge>
  );
}
