import { ShieldCheck } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { useText } from '#web/lib/i18n.ts';
import { cardText } from '../card-text.ts';
import { TestModeNotice } from './test-mode-notice.tsx';

/**
 * The test gateway's stand-in for the bank's 3-D Secure page: the user completes or fails the
 * authentication. Closing it counts as failing, as it does with a real bank.
 */
export function AuthenticationDialog({
  busy,
  onAnswer,
}: {
  busy: boolean;
  onAnswer: (approve: boolean) => void;
}) {
  const t = useText(cardText);
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onAnswer(false)}>
      <DialogContent>
        <DialogTitle className="flex items-center gap-2">
          <ShieldCheck className="size-6 text-primary" aria-hidden />
          {t('authTitle')}
        </DialogTitle>
        <DialogDescription>{t('authDescription')}</DialogDescription>
        <TestModeNotice>
          <p className="text-muted-foreground">{t('authSimulated')}</p>
        </TestModeNotice>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="outline" disabled={busy} onClick={() => onAnswer(false)}>
            {t('failAuthentication')}
          </Button>
          <Button disabled={busy} onClick={() => onAnswer(true)}>
            {busy ? t('authenticating') : t('completeAuthentication')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
