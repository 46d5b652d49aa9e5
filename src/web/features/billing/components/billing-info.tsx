import { CreditCard } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicUser } from '#core/users/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useText } from '#web/lib/i18n.ts';
import { useCurrentSubscription } from '../api/use-current-subscription.ts';
import { usePaymentsOff } from '../api/use-payments-mode.ts';
import { useSavedCards } from '../api/use-saved-cards.ts';
import { useBillingWords } from '../billing-format.ts';
import { plansText } from '../plans-text.ts';
import { billingText } from '../text.ts';

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
  const t = useText(plansText);
  const common = useText(billingText);
  const { day, cardLabel, expiryLabel } = useBillingWords();
  const subscription = useCurrentSubscription(user.id);
  const cards = useSavedCards();
  const off = usePaymentsOff();
  const sub = subscription.data;
  const nextBilling =
    sub && (sub.status === 'active' || sub.status === 'past_due') && sub.endDate
      ? day(sub.endDate)
      : t('notAvailable');
  const card = cards.data?.find((c) => c.isDefault) ?? cards.data?.[0];

  return (
    <Card className="grid gap-4 p-4 sm:p-5">
      <h2 className="text-lg font-bold">{t('billingInfo')}</h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Row term={t('name')}>
          <span translate="no">{user.name}</span>
        </Row>
        <Row term={t('email')}>
          <span translate="no">{user.email}</span>
        </Row>
        <Row term={t('nextBillingDate')}>
          {subscription.isPending ? (
            <span
              className="inline-block h-5 w-28 animate-pulse rounded bg-muted"
              role="status"
              aria-label={t('loading')}
            />
          ) : (
            nextBilling
          )}
        </Row>
        <Row term={t('paymentMethod')}>
          {off.data ? (
            common('paymentsOff')
          ) : cards.isPending ? (
            <span
              className="inline-block h-5 w-36 animate-pulse rounded bg-muted"
              role="status"
              aria-label={t('loading')}
            />
          ) : cards.isError ? (
            <span role="alert" className="text-destructive">
              {t('couldNotLoadCards')}{' '}
              <button type="button" className="underline" onClick={() => void cards.refetch()}>
                {t('tryAgain')}
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
            t('noCardOnFile')
          )}
        </Row>
      </dl>
      {off.data ? null : (
        <Button variant="outline" className="sm:justify-self-start" onClick={onUpdateCard}>
          <CreditCard aria-hidden />
          {t('updatePaymentMethod')}
        </Button>
      )}
    </Card>
  );
}
