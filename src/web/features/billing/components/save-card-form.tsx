import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { SavedCard } from '#core/billing/schemas.ts';
import { useText } from '#web/lib/i18n.ts';
import { billingKeys } from '../api/billing-keys.ts';
import { createSetupIntent } from '../api/create-setup-intent.ts';
import { fetchSavedCards, useSavedCards } from '../api/use-saved-cards.ts';
import { removeCard } from '../api/use-remove-card.ts';
import { setDefaultCard } from '../api/use-set-default-card.ts';
import { cardText } from '../card-text.ts';
import { CardConfirmation } from './card-confirmation.tsx';
import { BillingSkeleton, LoadError } from './load-states.tsx';

export interface SaveCardFormProps {
  submitLabel: string;
  /** Make the new card the default (the first card always becomes the default). */
  makeDefault?: boolean;
  /** A card the new one replaces: removed once the new one is saved (and default). */
  replaceCardId?: string | null;
  /** Where Stripe returns after a redirect-based step. */
  returnPath?: string;
  onSaved: (card: SavedCard | null) => Promise<void> | void;
  onFailed: (message: string) => void;
}

/** Saves a new card: a setup intent confirmed with the card, then default and replace as asked. */
export function SaveCardForm({
  submitLabel,
  makeDefault = false,
  replaceCardId = null,
  returnPath,
  onSaved,
  onFailed,
}: SaveCardFormProps) {
  const t = useText(cardText);
  const queryClient = useQueryClient();
  const formId = useId();
  // One setup intent per form, kept outside `billing` so a refresh does not replace it mid-entry.
  const intent = useQuery({
    queryKey: ['setup-intent', formId],
    queryFn: createSetupIntent,
    gcTime: 0,
  });
  // The cards before this one: the new card is the one not among them.
  const existing = useSavedCards();

  const saved = async () => {
    const known = new Set((existing.data ?? []).map((c) => c.id));
    let cards = await fetchSavedCards();
    const card = cards.find((c) => !known.has(c.id)) ?? null;
    if (card && makeDefault && !card.isDefault) cards = await setDefaultCard(card.id);
    if (card && replaceCardId && replaceCardId !== card.id) {
      await removeCard(replaceCardId);
      cards = cards.filter((c) => c.id !== replaceCardId);
    }
    queryClient.setQueryData(billingKeys.cards, cards);
    void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    await onSaved(cards.find((c) => c.id === card?.id) ?? card);
  };

  if (intent.isPending || existing.isPending)
    return <BillingSkeleton label={t('loadingCardForm')} heights={[40, 12]} />;
  if (intent.isError || existing.isError)
    return (
      <LoadError
        message={t('couldNotStartCard', {
          message: (intent.error ?? existing.error)?.message,
        })}
        onRetry={() => void (intent.isError ? intent.refetch() : existing.refetch())}
      />
    );
  return (
    <CardConfirmation
      clientSecret={intent.data.clientSecret}
      intent="setup"
      submitLabel={submitLabel}
      returnPath={returnPath}
      onSucceeded={saved}
      onFailed={onFailed}
    />
  );
}
