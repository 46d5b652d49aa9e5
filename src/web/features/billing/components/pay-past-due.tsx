import { AlertTriangle } from 'lucide-react';
import type { Subscription } from '#core/billing/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { dismissToast, toast } from '#web/components/ui/use-toast.ts';
import { useText } from '#web/lib/i18n.ts';
import { useRefreshBilling } from '../api/billing-keys.ts';
import { usePay } from '../api/use-pay.ts';
import { plansText } from '../plans-text.ts';
import { useNextAction } from './use-next-action.tsx';

/** A renewal failed: the plan still works while it is retried; "Pay now" retries at once. */
export function PayPastDue({
  subscription,
  onUpdateCard,
}: {
  subscription: Subscription;
  onUpdateCard: () => void;
}) {
  const t = useText(plansText);
  const pay = usePay();
  const nextAction = useNextAction();
  const refresh = useRefreshBilling();

  const failed = (message: string) =>
    toast({ title: t('paymentFailed'), description: message, variant: 'destructive' });

  const payNow = () => {
    dismissToast(); // the last attempt's failure
    pay.mutate(
      { subscriptionId: subscription.id, paymentMethod: 'card' },
      {
        onSuccess: async (result) => {
          const outcome =
            result.status === 'requires_action' && result.clientSecret
              ? await nextAction.run(result.clientSecret)
              : { ok: true as const };
          await refresh();
          if (outcome.ok)
            toast({
              title: t('paymentSuccessful'),
              description: t('paidUp'),
              variant: 'success',
            });
          else failed(outcome.message);
        },
        onError: (error) => {
          void refresh();
          failed(error.message);
        },
      },
    );
  };

  return (
    <div
      className="grid gap-3 rounded-xl border-2 border-destructive bg-destructive/10 p-3"
      role="alert"
    >
      <p className="flex items-start gap-2 text-sm font-medium">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
        {t('renewalFailed')}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button onClick={payNow} disabled={pay.isPending}>
          {pay.isPending ? t('paying') : t('payNow')}
        </Button>
        <Button variant="outline" onClick={onUpdateCard}>
          {t('updatePaymentMethod')}
        </Button>
      </div>
      {nextAction.dialog}
    </div>
  );
}
