import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import {
  checkoutSteps,
  runCheckout,
  type CheckoutRun,
  type CheckoutStatus,
} from './checkout-flow.ts';
import { usePaymentsGateway } from '../shared/billing/use-payments-gateway.ts';
import type { CheckResult } from '../shared/checks.ts';
import { CheckList } from '../shared/check-list.tsx';
import { InternalPage } from '../shared/internal-page.tsx';
import { GatewayNote } from '../shared/billing/gateway-note.tsx';
import { CheckoutForm, type CheckoutChoice } from './checkout-runner.tsx';
import { CheckoutResult } from './checkout-result.tsx';
import { SignatureCheck } from './signature-check.tsx';

const statusOf = (value: string | null): CheckoutStatus | null =>
  value === 'success' || value === 'cancelled' ? value : null;

export default function StripeTestPage() {
  const gateway = usePaymentsGateway();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const sessionId = params.get('session_id');
  const status = statusOf(params.get('status'));
  const [steps, setSteps] = useState<Record<string, CheckResult>>({});
  const [run, setRun] = useState<CheckoutRun | undefined>();
  const [running, setRunning] = useState(false);

  const start = useCallback(
    async (choice: CheckoutChoice) => {
      setRunning(true);
      setSteps({});
      setRun(undefined);
      navigate('/stripe-test');
      const finished = await runCheckout({
        ...choice,
        gateway: gateway.data ?? 'test',
        onStep: (id, result) => setSteps((all) => ({ ...all, [id]: result })),
        onSession: (session) => setRun({ outcome: choice.outcome, session }),
        navigate,
      });
      setRun({ ...finished });
      setRunning(false);
      if (finished.paymentFailed)
        toast({
          title: 'Payment processing failed',
          description: finished.failure,
          variant: 'destructive',
        });
    },
    [gateway.data, navigate],
  );

  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (status !== 'cancelled' || !sessionId || toasted.current === sessionId) return;
    toasted.current = sessionId;
    toast({
      title: 'Payment cancelled',
      description: 'User cancelled the payment process',
      variant: 'destructive',
    });
  }, [status, sessionId]);

  const started = Object.keys(steps).length > 0;
  return (
    <InternalPage
      title="Stripe Checkout Test"
      description="A whole checkout against the live API on a test mechanic: the session, the payment, a signed webhook through the real endpoint, the return address with session_id and status, and the plan read back. The test mechanic is deleted at the end."
    >
      <GatewayNote gateway={gateway.data} />
      {sessionId && status && (
        <CheckoutResult sessionId={sessionId} status={status} run={run} running={running} />
      )}
      {sessionId && !status && (
        <Card className="p-4 text-destructive" role="alert">
          Unknown status “{params.get('status')}”: expected success or cancelled.
        </Card>
      )}
      <CheckoutForm gateway={gateway.data} running={running} onStart={(c) => void start(c)} />
      {started && (
        <Card className="grid min-w-0 gap-3 p-4 sm:p-5">
          <h2 className="text-xl font-bold">Checkout steps</h2>
          <div aria-live="polite">
            <CheckList checks={checkoutSteps} results={steps} label="Checkout steps" />
          </div>
          <p className="text-sm text-muted-foreground">
            With the test gateway the plan turns active from the gateway&apos;s own signed
            invoice.paid webhook, sent when the card is confirmed; the webhook step checks that a
            signed checkout event also goes through the real endpoint.
          </p>
        </Card>
      )}
      <SignatureCheck />
    </InternalPage>
  );
}
