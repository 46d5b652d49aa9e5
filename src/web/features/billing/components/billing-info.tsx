import { CreditCard } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicUser } from '#core/users/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { PAYMENTS_OFF_MESSAGE } from '#core/billing/schemas.ts';
import { useCurrentSubscription } from '../api/use-current-subscription.ts';
import { usePaymentsOff } from '../api/use-payments-mode.ts';
import { useSavedCards } from '../api/use-saved-cards.ts';
import { cardLabel, expiryLabel, formatDay } from '../billing-format.ts';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 rounded-xl border-2 p-3">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="break-words font-semibold">{children}</dd>
    </div>
  );
}

/** Who is billed, when next, and with which card (Billing Info). */
export function BillingInfo({
  user,
  onUpdateCard,
}: {
  user: PublicUser;
  onUpdateCard: () => void;
}) {
  const subscription = useCurrentSubscription(user.id);
  const cards = useSavedCards();
  const off = usePaymentsOff();
  const sub = subscription.data;
  const nextBilling =
    sub && (sub.status === 'active' || sub.status === 'past_due') && sub.endDate
      ? formatDay(sub.endDate)
      : 'N/A';
  const card = cards.data?.find((c) => c.isDefault) ?? cards.data?.[0];

  return (
    <Card className="grid gap-4 p-4 sm:p-5">
      <h2 className="text-lg font-bold">Billing Info</h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Row term="Name">{user.name}</Row>
        <Row term="Email">{user.email}</Row>
        <Row term="Next Billing Date">
          {subscription.isPending ? (
            <span
              className="inline-block h-5 w-28 animate-pulse rounded bg-muted"
              role="status"
              aria-label="Loading"
            />
          ) : (
            nextBilling
          )}
        </Row>
        <Row term="Payment Method">
          {off.data ? (
            PAYMENTS_OFF_MESSAGE
          ) : cards.isPending ? (
            <span
              className="inline-block h-5 w-36 animate-pulse rounded bg-muted"
              role="status"
              aria-label="Loading"
            />
          ) : cards.isError ? (
            <span role="alert" className="text-destructive">
              Could not load your cards.{' '}
              <button type="button" className="underline" onClick={() => void cards.refetch()}>
                Try Again
              </button>
            </span>
          ) : card ? (
            <span className="flex items-center gap-2">
              <CreditCard className="size-5 shrink-0 text-primary" aria-hidden />
              <span>
                {cardLabel(card.brand, card.last4)}
                <span className="block text-sm font-normal text-muted-foreground">
                  {expiryLabel(card.expMonth, card.expYear)}
                </span>
              </span>
            </span>
          ) : (
            'No card on file'
          )}
        </Row>
      </dl>
      {off.data ? null : (
        <Button variant="outline" className="sm:justify-self-start" onClick={onUpdateCard}>
          <CreditCard aria-hidden />
          Update Payment Method
        </Button>
      )}
    </Card>
  );
}
