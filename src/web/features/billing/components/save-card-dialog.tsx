import type { SavedCard } from '#core/billing/schemas.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useText } from '#web/lib/i18n.ts';
import { useBillingWords } from '../billing-format.ts';
import { cardText } from '../card-text.ts';
import { SaveCardForm } from './save-card-form.tsx';

/** Add a card, or replace the default one ("Update Payment Method"). */
export function SaveCardDialog({
  title,
  description,
  replaceCardId = null,
  makeDefault = false,
  returnPath,
  onClose,
}: {
  title: string;
  description: string;
  replaceCardId?: string | null;
  makeDefault?: boolean;
  returnPath?: string;
  onClose: () => void;
}) {
  const t = useText(cardText);
  const { cardLabel } = useBillingWords();
  const saved = (card: SavedCard | null) => {
    toast({
      title: replaceCardId ? t('paymentMethodUpdated') : t('cardSaved'),
      description: card
        ? t(card.isDefault ? 'isDefaultCard' : 'isSaved', {
            card: cardLabel(card.brand, card.last4),
          })
        : undefined,
      variant: 'success',
    });
    onClose();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <SaveCardForm
          submitLabel={t('saveCard')}
          makeDefault={makeDefault || Boolean(replaceCardId)}
          replaceCardId={replaceCardId}
          returnPath={returnPath}
          onSaved={saved}
          onFailed={(message) =>
            toast({ title: t('cardNotSaved'), description: message, variant: 'destructive' })
          }
        />
      </DialogContent>
    </Dialog>
  );
}
