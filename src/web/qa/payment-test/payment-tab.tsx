import type { GatewayMode } from '#core/billing/schemas.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { plans, type PlanType } from '#core/billing/plans.ts';
import { formatUsd } from '#core/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { billingCalls } from '../shared/billing/billing-calls.ts';
import { NEEDS_TEST_GATEWAY, TEST_CARDS } from '../shared/billing/test-cards.ts';
import type { TestMechanic } from '../shared/billing/use-test-mechanic.ts';
import type { QaResponse } from '../shared/qa-api.ts';
import { paymentTestKey } from './account-queries.ts';
import { ChoiceChips } from '../shared/choice-chips.tsx';
import { PlanField, TestCardField } from '../shared/billing/plan-and-card-fields.tsx';
import { CallLog } from '../shared/billing/call-log.tsx';

type Method = 'card' | 'ach' | 'cash';
type Outcome = { tone: 'success' | 'failure' | 'refused'; text: string };

const methods: { value: Method; label: string; note: string }[] = [
  {
    value: 'card',
    label: 'Card',
    note: 'Subscribes the test mechanic with the test card you pick.',
  },
  {
    value: 'ach',
    label: 'ACH bank transfer',
    note: 'Not offered: the server refuses ACH. The call is made so you see its answer.',
  },
  {
    value: 'cash',
    label: 'Cash',
    note: 'Only for a completed job, recorded by its driver; plans are paid by card. The call is made so you see its answer.',
  },
];

/** Choose a plan and a method, and pay as the test mechanic: every answer is shown as it came. */
export function PaymentTab({
  mechanic,
  gateway,
}: {
  mechanic: TestMechanic;
  gateway: GatewayMode | undefined;
}) {
  const queryClient = useQueryClient();
  const [planType, setPlanType] = useState<PlanType>('premium');
  const [method, setMethod] = useState<Method>('card');
  const [card, setCard] = useState(TEST_CARDS[0]!.number);
  const [calls, setCalls] = useState<QaResponse[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [authentication, setAuthentication] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const log = (call: QaResponse) => setCalls((all) => [...all, call]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: paymentTestKey });

  const finishCard = async (
    client: ReturnType<typeof billingCalls>,
    userId: string,
    status: string,
    message: string | null,
  ) => {
    if (status === 'succeeded') {
      const current = await client.current(userId);
      log(current);
      const plan = current.body;
      if (current.ok && plan?.status === 'active') {
        setOutcome({
          tone: 'success',
          text: `Paid. The test mechanic's ${plans[plan.planType].name} plan is active at ${formatUsd(plan.price)}/month.`,
        });
        toast({
          title: 'Payment Successful',
          description: 'You are now subscribed!',
          variant: 'success',
        });
      } else {
        const text = `The payment went through but the plan reads ${plan?.status ?? current.message}.`;
        setOutcome({ tone: 'failure', text });
        toast({ title: 'Subscription failed', description: text, variant: 'destructive' });
      }
    } else {
      const text = message ?? 'Your card was declined.';
      setOutcome({ tone: 'failure', text: `The payment was refused: ${text}` });
      toast({ title: 'Payment failed', description: text, variant: 'destructive' });
    }
    await refresh();
  };

  const pay = async () => {
    setBusy(true);
    setCalls([]);
    setOutcome(null);
    setAuthentication(null);
    try {
      if (method === 'card' && gateway !== 'test') {
        setOutcome({ tone: 'failure', text: NEEDS_TEST_GATEWAY });
        return;
      }
      const { account, response } = await mechanic.ensure();
      if (response) log(response);
      if (!account) {
        setOutcome({ tone: 'failure', text: 'Could not create the test mechanic.' });
        toast({
          title: 'Subscription failed',
          description: response?.message,
          variant: 'destructive',
        });
        return;
      }
      const client = billingCalls(account.api);
      if (method === 'card') {
        const created = await client.createSubscription(planType);
        log(created);
        if (!created.ok) {
          setOutcome({ tone: 'failure', text: `Subscribing was refused: ${created.message}` });
          toast({
            title: 'Subscription failed',
            description: created.message,
            variant: 'destructive',
          });
          return;
        }
        const confirmed = await client.confirm(created.body.clientSecret, card);
        log(confirmed);
        if (!confirmed.ok) {
          setOutcome({ tone: 'failure', text: `The card could not be sent: ${confirmed.message}` });
          toast({
            title: 'Payment failed',
            description: confirmed.message,
            variant: 'destructive',
          });
          return;
        }
        if (confirmed.body.status === 'requires_action') {
          setAuthentication(created.body.clientSecret);
          setOutcome({
            tone: 'refused',
            text: 'The bank asks for authentication: complete or fail it below.',
          });
          return;
        }
        await finishCard(client, account.user.id, confirmed.body.status, confirmed.body.message);
        return;
      }
      const current = await client.current(account.user.id);
      log(current);
      let subscriptionId = current.ok ? current.body?.id : undefined;
      if (!subscriptionId) {
        const created = await client.createSubscription(planType);
        log(created);
        if (!created.ok) {
          setOutcome({ tone: 'failure', text: `Subscribing was refused: ${created.message}` });
          return;
        }
        subscriptionId = created.body.subscriptionId;
      }
      const paid = await client.pay(subscriptionId, method);
      log(paid);
      setOutcome(
        paid.ok
          ? {
              tone: 'failure',
              text: `The server accepted ${method} for a plan (HTTP ${paid.status}).`,
            }
          : {
              tone: 'refused',
              text: `Not supported: the server answered ${paid.status} “${paid.message}”.`,
            },
      );
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const authenticate = async (approve: boolean) => {
    const account = mechanic.account;
    if (!authentication || !account) return;
    setBusy(true);
    try {
      const client = billingCalls(account.api);
      const answer = await client.authenticate(authentication, approve);
      log(answer);
      setAuthentication(null);
      if (!answer.ok) {
        setOutcome({ tone: 'failure', text: `Authentication failed: ${answer.message}` });
        toast({ title: 'Payment failed', description: answer.message, variant: 'destructive' });
        return;
      }
      await finishCard(client, account.user.id, answer.body.status, answer.body.message);
    } finally {
      setBusy(false);
    }
  };

  const selected = methods.find((m) => m.value === method)!;
  return (
    <Card className="grid gap-5 p-4 sm:p-5">
      <h2 className="text-xl font-bold">Payment</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <PlanField value={planType} onValueChange={setPlanType} />
        {method === 'card' && <TestCardField value={card} onValueChange={setCard} />}
      </div>
      <ChoiceChips
        legend="Payment method"
        value={method}
        choices={methods.map((m) => [m.value, m.label] as const)}
        onValueChange={setMethod}
        note={selected.note}
      />
      <Button
        onClick={() => void pay()}
        disabled={busy || mechanic.busy !== null}
        className="sm:justify-self-start"
      >
        {busy
          ? 'Working…'
          : method === 'card'
            ? `Pay ${formatUsd(plans[planType].priceCents / 100)} by card`
            : `Try ${selected.label}`}
      </Button>
      {authentication && (
        <div
          className="grid gap-2 rounded-xl border-2 border-primary p-3"
          role="group"
          aria-label="Card authentication"
        >
          <p className="font-semibold">
            The bank asks the card holder to authenticate (3-D Secure).
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void authenticate(true)} disabled={busy}>
              Complete authentication
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => void authenticate(false)}
              disabled={busy}
            >
              Fail authentication
            </Button>
          </div>
        </div>
      )}
      <div aria-live="polite" className="grid gap-3">
        {outcome && (
          <p
            role={outcome.tone === 'failure' ? 'alert' : undefined}
            data-testid="payment-outcome"
            data-tone={outcome.tone}
            className={
              outcome.tone === 'success'
                ? 'rounded-lg bg-success/10 p-3 font-semibold text-success wrap-anywhere'
                : outcome.tone === 'failure'
                  ? 'rounded-lg bg-destructive/10 p-3 font-semibold text-destructive wrap-anywhere'
                  : 'rounded-lg bg-muted p-3 font-semibold wrap-anywhere'
            }
          >
            {outcome.text}
          </p>
        )}
        <CallLog calls={calls} label="Calls made" />
      </div>
    </Card>
  );
}
