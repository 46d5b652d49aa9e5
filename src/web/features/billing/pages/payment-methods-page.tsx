import { ArrowLeft, CreditCard, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { SavedCard } from '#core/billing/schemas.ts';
import { isExpired } from '#core/billing/cards.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { usePaymentsMode } from '../api/use-payments-mode.ts';
import { useRemoveCard } from '../api/use-remove-card.ts';
import { useSavedCards } from '../api/use-saved-cards.ts';
import { useSetDefaultCard } from '../api/use-set-default-card.ts';
import { cardLabel, expiryLabel } from '../billing-format.ts';
import { ConfirmActionDialog } from '../components/confirm-action-dialog.tsx';
import { BillingSkeleton, LoadError } from '../components/load-states.tsx';
import { PaymentsOffNotice } from '../components/payments-off-notice.tsx';
import { SaveCardDialog } from '../components/save-card-dialog.tsx';
import { TestModeNotice } from '../components/test-mode-notice.tsx';

function CardRow({ card, onRemove }: { card: SavedCard; onRemove: () => void }) {
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
            {card.isDefault ? <Badge>Default</Badge> : null}
          </p>
          <p className={expired ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
            {expired ? 'Expired' : expiryLabel(card.expMonth, card.expYear)}
          </p>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        {card.isDefault ? null : (
          <Button
            variant="outline"
            size="sm"
            disabled={setDefault.isPending}
            aria-label={`Set ${label} as default`}
            onClick={() =>
              setDefault.mutate(card.id, {
                onSuccess: () =>
                  toast({
                    title: 'Default Card Changed',
                    description: `${label} is your default card.`,
                    variant: 'success',
                  }),
                onError: (error) =>
                  toast({
                    title: 'Update Failed',
                    description: error.message,
                    variant: 'destructive',
                  }),
              })
            }
          >
            {setDefault.isPending ? 'Saving...' : 'Set as default'}
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          className={card.isDefault ? 'col-span-2' : undefined}
          aria-label={`Remove ${label}`}
          onClick={onRemove}
        >
          Remove
        </Button>
      </div>
    </Card>
  );
}

/** A user's saved cards: add, choose the default, remove (`/payment-methods`). */
export default function PaymentMethodsPage() {
  const cards = useSavedCards();
  const mode = usePaymentsMode();
  const remove = useRemoveCard();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SavedCard | null>(null);

  const confirmRemove = (card: SavedCard) =>
    remove.mutate(card.id, {
      onSuccess: () => {
        toast({
          title: 'Card Removed',
          description: `${cardLabel(card.brand, card.last4)} was removed.`,
        });
        setRemoving(null);
      },
      onError: (error) =>
        toast({ title: 'Remove Failed', description: error.message, variant: 'destructive' }),
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
        Profile
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold">Payment Methods</h1>
          <p className="text-muted-foreground">Cards you pay for jobs and plans with.</p>
        </div>
        {cards.data && cards.data.length > 0 ? (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add Card
          </Button>
        ) : null}
      </div>
      {mode.data?.payments === 'test' ? (
        <TestModeNotice>
          <p className="text-muted-foreground">
            Cards are checked by the built-in test gateway; only Stripe&apos;s test card numbers are
            accepted and nothing is charged.
          </p>
        </TestModeNotice>
      ) : null}
      {mode.data?.payments === 'off' ? (
        <PaymentsOffNotice>
          <p className="text-muted-foreground">
            Cards cannot be saved or used here. Jobs can still be paid in cash.
          </p>
        </PaymentsOffNotice>
      ) : cards.isPending ? (
        <BillingSkeleton label="Loading your cards" heights={[20, 20]} />
      ) : cards.isError ? (
        <LoadError
          message={`Could not load your cards: ${cards.error.message}`}
          onRetry={() => void cards.refetch()}
        />
      ) : cards.data.length === 0 ? (
        <Card className="grid justify-items-center gap-3 p-8 text-center">
          <CreditCard className="size-12 text-muted-foreground" aria-hidden />
          <p className="text-lg font-bold">No saved cards</p>
          <p className="text-sm text-muted-foreground">
            Save a card to pay for completed jobs in one tap.
          </p>
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add Card
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
          title="Add Card"
          description="The first card you save becomes your default card."
          returnPath="/payment-methods"
          onClose={() => setAdding(false)}
        />
      ) : null}
      {removing ? (
        <ConfirmActionDialog
          title={`Remove ${cardLabel(removing.brand, removing.last4)}?`}
          description={
            removing.isDefault
              ? 'This is your default card. Choose another default afterwards, or payments and renewals will have no card to use.'
              : 'You can add it again at any time.'
          }
          confirmLabel="Remove Card"
          busyLabel="Removing..."
          keepLabel="Keep Card"
          destructive
          busy={remove.isPending}
          onConfirm={() => confirmRemove(removing)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </div>
  );
}
