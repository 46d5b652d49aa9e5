import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '#web/components/ui/use-toast.ts';
import { textOf } from '#web/lib/i18n.ts';
import { useRefreshBilling } from '../api/billing-keys.ts';
import { waitForActivePlan } from '../api/wait-for-active-plan.ts';
import { plansText } from '../plans-text.ts';

/**
 * Stripe sends the page back to /profile?tab=subscription&redirect_status=… after a
 * redirect-based step: wait for the plan to turn active, say how it went, and tidy the address.
 */
export function useStripeReturn(userId: string) {
  const status = new URLSearchParams(useSearch()).get('redirect_status');
  const [, navigate] = useLocation();
  const refresh = useRefreshBilling();
  const handled = useRef(false);

  useEffect(() => {
    if (!status || handled.current) return;
    handled.current = true;
    void (async () => {
      const t = textOf(plansText);
      if (status === 'succeeded') {
        await waitForActivePlan(userId);
        await refresh();
        toast({
          title: t('paymentSuccessful'),
          description: t('nowSubscribed'),
          variant: 'success',
        });
      } else {
        toast({
          title: t('paymentFailed'),
          description: t('bankDidNotApprove'),
          variant: 'destructive',
        });
      }
      navigate('/profile?tab=subscription', { replace: true });
    })();
  }, [status, userId, refresh, navigate]);
}
