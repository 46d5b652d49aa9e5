import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useText } from '#web/lib/i18n.ts';
import { cardText } from '../card-text.ts';
import type { ConfirmOutcome } from '../confirm-outcome.ts';
import { getStripe } from './load-stripe.ts';

export interface StripeConfirmFormProps {
  publishableKey: string;
  clientSecret: string;
  /** A payment (a plan's first invoice) or a card to save (a setup intent). */
  intent: 'payment' | 'setup';
  submitLabel: string;
  /** Where Stripe sends the page back after a redirect-based step. */
  returnPath: string;
  onOutcome: (outcome: ConfirmOutcome) => Promise<void>;
}

function ConfirmForm({ intent, submitLabel, returnPath, onOutcome }: StripeConfirmFormProps) {
  const t = useText(cardText);
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    const options = {
      elements,
      confirmParams: { return_url: `${window.location.origin}${returnPath}` },
      redirect: 'if_required' as const,
    };
    const result =
      intent === 'payment'
        ? await stripe.confirmPayment(options)
        : await stripe.confirmSetup(options);
    await onOutcome(
      result.error ? { ok: false, message: result.error.message ?? t('declined') } : { ok: true },
    );
    setBusy(false);
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)}>
      <PaymentElement onReady={() => setReady(true)} />
      <Button type="submit" disabled={!stripe || !elements || !ready || busy}>
        {busy ? t('processing') : submitLabel}
      </Button>
    </form>
  );
}

/** Stripe Elements' Payment Element in its own lazy chunk: never in the main bundle. */
export default function StripeConfirmForm(props: StripeConfirmFormProps) {
  const stripe = useMemo(() => getStripe(props.publishableKey), [props.publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.clientSecret }}>
      <ConfirmForm {...props} />
    </Elements>
  );
}
