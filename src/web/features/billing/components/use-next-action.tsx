import { useRef, useState } from 'react';
import { authenticateTestPayment } from '../api/test-gateway-authenticate.ts';
import { usePaymentsMode } from '../api/use-payments-mode.ts';
import { errorMessage, outcomeOf, type ConfirmOutcome } from '../confirm-outcome.ts';
import { AuthenticationDialog } from './authentication-dialog.tsx';

/**
 * A payment that answered `requires_action` (3-D Secure): the test gateway's authentication
 * dialog, or Stripe's own (`handleNextAction`, loaded on demand). Render `dialog`; await `run`.
 */
export function useNextAction() {
  const mode = usePaymentsMode();
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resolver = useRef<((outcome: ConfirmOutcome) => void) | null>(null);

  const run = async (clientSecret: string): Promise<ConfirmOutcome> => {
    if (mode.data?.payments === 'stripe') {
      const { handleStripeNextAction } = await import('../stripe/next-action.ts');
      return handleStripeNextAction(mode.data.stripePublishableKey, clientSecret);
    }
    return new Promise((resolve) => {
      resolver.current = resolve;
      setSecret(clientSecret);
    });
  };

  const answer = async (approve: boolean) => {
    if (!secret) return;
    setBusy(true);
    let outcome: ConfirmOutcome;
    try {
      outcome = outcomeOf(await authenticateTestPayment(secret, approve));
    } catch (error) {
      outcome = { ok: false, message: errorMessage(error) };
    }
    setBusy(false);
    setSecret(null);
    resolver.current?.(outcome);
    resolver.current = null;
  };

  const dialog = secret ? (
    <AuthenticationDialog busy={busy} onAnswer={(approve) => void answer(approve)} />
  ) : null;
  return { run, dialog };
}
