import type { PaymentStatus, SubscriptionStatus } from '#core/billing/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';

type Variant = 'default' | 'secondary' | 'outline' | 'destructive' | 'success';

/** Active and completed default, cancelled and failed destructive, expired secondary, pending outline; past due reads "Past due" and is as urgent as a failure. */
const subscriptionLooks: Record<SubscriptionStatus, { label: string; variant: Variant }> = {
  active: { label: 'Active', variant: 'default' },
  completed: { label: 'Completed', variant: 'default' },
  cancelled: { label: 'Cancelled', variant: 'destructive' },
  failed: { label: 'Failed', variant: 'destructive' },
  expired: { label: 'Expired', variant: 'secondary' },
  pending: { label: 'Pending', variant: 'outline' },
  past_due: { label: 'Past due', variant: 'destructive' },
};

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const look = subscriptionLooks[status] ?? { label: status, variant: 'outline' };
  return (
    <Badge variant={look.variant} data-testid="subscription-status">
      {look.label}
    </Badge>
  );
}

const paymentLooks: Record<PaymentStatus, { label: string; variant: Variant }> = {
  completed: { label: 'Completed', variant: 'default' },
  pending: { label: 'Pending', variant: 'outline' },
  failed: { label: 'Failed', variant: 'destructive' },
  refunded: { label: 'Refunded', variant: 'secondary' },
  processing: { label: 'Processing', variant: 'outline' },
  awaiting_confirmation: { label: 'Cash — awaiting confirmation', variant: 'outline' },
  disputed: { label: 'Cash — disputed', variant: 'destructive' },
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const look = paymentLooks[status] ?? { label: status, variant: 'outline' };
  return <Badge variant={look.variant}>{look.label}</Badge>;
}
