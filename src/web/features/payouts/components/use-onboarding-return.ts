import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '#web/components/ui/use-toast.ts';
import { useRefreshPayouts } from '../api/payout-keys.ts';

/**
 * Onboarding sends the owner back to /profile?tab=business&payouts=done (finished for now) or
 * …=refresh (the link expired): fetch the account afresh, say so, and tidy the address.
 */
export function useOnboardingReturn() {
  const back = new URLSearchParams(useSearch()).get('payouts');
  const [, navigate] = useLocation();
  const refresh = useRefreshPayouts();
  const handled = useRef(false);

  useEffect(() => {
    if ((back !== 'done' && back !== 'refresh') || handled.current) return;
    handled.current = true;
    void refresh();
    toast(
      back === 'done'
        ? { title: 'Payout details saved', description: 'Your payout status is up to date.' }
        : {
            title: 'The setup link expired',
            description: 'Choose "Finish setting up" to carry on where you left off.',
          },
    );
    navigate('/profile?tab=business', { replace: true });
  }, [back, refresh, navigate]);
}
