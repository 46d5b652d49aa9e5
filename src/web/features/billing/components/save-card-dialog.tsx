import type { SavedCard } from '#core/billing/schemas.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cardLabel } from '../billing-format.ts';
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
  const saved = (card: SavedCard | null) => {
    toast({
      title: replaceCardId ? 'Payment Method Updated' : 'Card Saved',
      description: card
        ? `${cardLabel(card.brand, card.last4)}${card.isDefault ? ' is your default card.' : ' is saved.'}`
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
          submitLabel="Save Card"
          makeDefault={makeDefault || Boolean(replaceCardId)}
          replaceCardId={replaceCardId}
          returnPath={returnPath}
          onSaved={saved}
          onFailed={(message) =>
            toast({ title: 'Card Not Saved', description: message, variant: 'destructive' })
          }
        />
      </DialogContent>
    </Dialog>
  );
}
