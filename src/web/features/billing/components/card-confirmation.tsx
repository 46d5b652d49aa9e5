import { lazy, Suspense, useState } from 'react';
import type { TestCardInput } from '#core/billing/schemas.ts';
import { FormError } from '#web/components/ui/form-error.tsx';
import { dismissToast } from '#web/components/ui/use-toast.ts';
import { useText } from '#web/lib/i18n.ts';
import { confirmWithTestCard } from '../api/test-gateway-confirm.ts';
import { usePaymentsMode } from '../api/use-payments-mode.ts';
import { cardText } from '../card-text.ts';
import { errorMessage, outcomeOf, type ConfirmOutcome } from '../confirm-outcome.ts';
import { CardForm } from './card-form.tsx';
import { BillingSkeleton, LoadError } from './load-states.tsx';
import { useNextAction } from './use-next-action.tsx';

const StripeConfirmForm = lazy(() => import('../stripe/stripe-confirm-form.tsx'));

export interface CardConfirmationProps {
  /** A payment intent's (a plan's first invoice) or a setup intent's (a card to save). */
  clientSecret: string;
  intent: 'payment' | 'setup';
  submitLabel: string;
  /** Where Stripe returns after a redirect-based step. */
  returnPath?: string;
  /** The gateway accepted the card; the form stays busy until this settles. */
  onSucceeded: () => Promise<void> | void;
  onFailed: (message: string) => void;
}

/**
 * Confirms a client secret with a card: the test gateway's card form (with its 3-D Secure step)
 * or, with Stripe keys, Stripe Elements loaded on demand.
 */
export function CardConfirmation({
  clientSecret,
  intent,
  submitLabel,
  returnPath = '/profile?tab=subscription',
  onSucceeded,
  onFailed,
}: CardConfirmationProps) {
  const t = useText(cardText);
  const mode = usePaymentsMode();
  const nextAction = useNextAction();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const finish = async (outcome: ConfirmOutcome) => {
    if (outcome.ok) {
      try {
        await onSucceeded();
      } finally {
        setBusy(false);
      }
      return;
    }
    setFailure(outcome.message);
    setBusy(false);
    onFailed(outcome.message);
  };

  const confirmTestCard = async (card: TestCardInput) => {
    setBusy(true);
    setFailure(undefined);
    dismissToast(); // the last attempt's failure
    let outcome: ConfirmOutcome;
    try {
      const result = await confirmWithTestCard(clientSecret, card);
      outcome =
        result.status === 'requires_action'
          ? await nextAction.run(clientSecret)
          : outcomeOf(result);
    } catch (error) {
      outcome = { ok: false, message: errorMessage(error) };
    }
    await finish(outcome);
  };

  if (mode.isPending) return <BillingSkeleton label={t('loadingPaymentForm')} />;
  if (mode.isError)
    return (
      <LoadError
        message={t('couldNotLoadPaymentForm', { message: mode.error.message })}
        onRetry={() => void mode.refetch()}
      />
    );

  if (mode.data.payments === 'stripe') {
    if (!mode.data.stripePublishableKey) return <FormError message={t('noStripeKey')} />;
    return (
      <div className="grid gap-3">
        <Suspense fallback={<BillingSkeleton label={t('loadingPaymentForm')} />}>
          <StripeConfirmForm
            publishableKey={mode.data.stripePublishableKey}
            clientSecret={clientSecret}
            intent={intent}
            submitLabel={submitLabel}
            returnPath={returnPath}
            onOutcome={finish}
          />
        </Suspense>
        <FormError message={failure} />
      </div>
    );
  }

  return (
    <div className="grid gap-3">
      <CardForm
        submitLabel={submitLabel}
        busy={busy}
        onSubmit={(card) => void confirmTestCard(card)}
      />
      <FormError message={failure} />
      {nextAction.dialog}
    </div>
  );
}
