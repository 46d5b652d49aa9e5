import { ArrowLeft, CreditCard, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { SavedCard } from '#core/billing/schemas.ts';
import { isExpired } from '#core/billing/cards.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useText } from '#web/lib/i18n.ts';
import { usePaymentsMode } from '../api/use-payments-mode.ts';
import { useRemoveCard } from '../api/use-remove-card.ts';
import { useSavedCards } from '../api/use-saved-cards.ts';
import { useSetDefaultCard } from '../api/use-set-default-card.ts';
import { useBillingWords } from '../billing-format.ts';
import { cardText } from '../card-text.ts';
import { ConfirmActionDialog } from '../components/confirm-action-dialog.tsx';
import { BillingSkeleton, LoadError } from '../components/load-states.tsx';
import { PaymentsOffNotice } from '../components/payments-off-notice.tsx';
import { SaveCardDialog } from '../components/save-card-dialog.tsx';
import { TestModeNotice } from '../components/test-mode-notice.tsx';

function CardRow({ card, onRemove }: { card: SavedCard; onRemove: () => void }) {
  const t = useText(cardText);
  const { cardLabel, expiryLabel } = useBillingWords();
  const setDefault = useSetDefaultCard();
  const expired = isExpired(card.expMonth, card.expYear);
  const label = cardLabel(card.brand, card.last4);
  return (
    <Card className="grid gap-3 p-4 sm:flex sm:items-center" data-testid="saved-card">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
          <CreditCard className="size-6" aria-hidden />
        </span>
        <div className="grid min-w-0 gap-0.5">
          <p className="flex flex-wrap items-center gap-2 font-bold">
            {label}
            {card.isDefault ? <Badge>{t('default')}</Badge> : null}
          </p>
          <p className={expired ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
            {expired ? t('expired') : expiryLabel(card.expMonth, card.expYear)}
          </p>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        {card.isDefault ? null : (
          <Button
            variant="outline"
            size="sm"
            disabled={setDefault.isPending}
            aria-label={t('setAsDefaultLabel', { card: label })}
            onClick={() =>
              setDefault.mutate(card.id, {
                onSuccess: () =>
                  toast({
                    title: t('defaultCardChanged'),
                    description: t('isDefaultCard', { card: label }),
                    variant: 'success',
                  }),
                onError: (error) =>
                  toast({
                    title: t('updateFailed'),
                    description: error.message,
                    variant: 'destructive',
                  }),
              })
            }
          >
            {setDefault.isPending ? t('saving') : t('setAsDefault')}
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          className={card.isDefault ? 'col-span-2' : undefined}
          aria-label={t('removeLabel', { card: label })}
          onClick={onRemove}
        >
          {t('remove')}
        </Button>
      </div>
    </Card>
  );
}

/** A user's saved cards: add, choose the default, remove (`/payment-methods`). */
export default function PaymentMethodsPage() {
  const t = useText(cardText);
  const { cardLabel } = useBillingWords();
  const cards = useSavedCards();
  const mode = usePaymentsMode();
  const remove = useRemoveCard();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SavedCard | null>(null);

  const confirmRemove = (card: SavedCard) =>
    remove.mutate(card.id, {
      onSuccess: () => {
        toast({
          title: t('cardRemoved'),
          description: t('cardWasRemoved', { card: cardLabel(card.brand, card.last4) }),
        });
        setRemoving(null);
      },
      onError: (error) =>
        toast({ title: t('removeFailed'), description: error.message, variant: 'destructive' }),
    });

  return (
    <div className="mx-auto grid max-w-2xl gap-4 px-4 py-6">
      <Link
        href="/profile"
        className={buttonVariants({
          variant: 'ghost',
          size: 'sm',
          className: 'justify-self-start',
        })}
      >
        <ArrowLeft aria-hidden />
        {t('profile')}
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold">{t('paymentMethods')}</h1>
          <p className="text-muted-foreground">{t('paymentMethodsIntro')}</p>
        </div>
        {cards.data && cards.data.length > 0 ? (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            {t('addCard')}
          </Button>
        ) : null}
      </div>
      {mode.data?.payments === 'test' ? (
        <TestModeNotice>
          <p className="text-muted-foreground">{t('testGatewayCards')}</p>
        </TestModeNotice>
      ) : null}
      {mode.data?.payments === 'off' ? (
        <PaymentsOffNotice>
          <p className="text-muted-foreground">{t('cardsOff')}</p>
        </PaymentsOffNotice>
      ) : cards.isPending ? (
        <BillingSkeleton label={t('loadingCards')} heights={[20, 20]} />
      ) : cards.isError ? (
        <LoadError
          message={t('couldNotLoadCards', { message: cards.error.message })}
          onRetry={() => void cards.refetch()}
        />
      ) : cards.data.length === 0 ? (
        <Card className="grid justify-items-center gap-3 p-8 text-center">
          <CreditCard className="size-12 text-muted-foreground" aria-hidden />
          <p className="text-lg font-bold">{t('noSavedCards')}</p>
          <p className="text-sm text-muted-foreground">{t('noSavedCardsHint')}</p>
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            {t('addCard')}
          </Button>
        </Card>
      ) : (
        <ul className="grid gap-3">
          {cards.data.map((card) => (
            <li key={card.id}>
              <CardRow card={card} onRemove={() => setRemoving(card)} />
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <SaveCardDialog
          title={t('addCard')}
          description={t('addCardDescription')}
          returnPath="/payment-methods"
          onClose={() => setAdding(false)}
        />
      ) : null}
      {removing ? (
        <ConfirmActionDialog
          title={t('removeTitle', { card: cardLabel(removing.brand, removing.last4) })}
          description={
            removing.isDefault ? t('removeDefaultDescription') : t('removeOtherDescription')
          }
          confirmLabel={t('removeCard')}
          busyLabel={t('removing')}
          keepLabel={t('keepCard')}
          destructive
          busy={remove.isPending}
          onConfirm={() => confirmRemove(removing)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </div>
  );
}
