import { ShieldCheck } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
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
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onAnswer(false)}>
      <DialogContent>
        <DialogTitle className="flex items-center gap-2">
          <ShieldCheck className="size-6 text-primary" aria-hidden />
          Authenticate this payment
        </DialogTitle>
        <DialogDescription>
          Your bank asks you to confirm it is you (3-D Secure). A real bank would show its own page
          or send a code to your phone.
        </DialogDescription>
        <TestModeNotice>
          <p className="text-muted-foreground">
            This step is simulated: choose whether the bank approves.
          </p>
        </TestModeNotice>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="outline" disabled={busy} onClick={() => onAnswer(false)}>
            Fail authentication
          </Button>
          <Button disabled={busy} onClick={() => onAnswer(true)}>
            {busy ? 'Authenticating...' : 'Complete authentication'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
