import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '#web/components/ui/use-toast.ts';
import { textOf } from '#web/lib/i18n.ts';
import { payoutsText } from '../text.ts';
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
    const t = textOf(payoutsText);
    toast(
      back === 'done'
        ? { title: t('detailsSaved'), description: t('detailsSavedHint') }
        : { title: t('linkExpired'), description: t('linkExpiredHint') },
    );
    navigate('/profile?tab=business', { replace: true });
  }, [back, refresh, navigate]);
}
