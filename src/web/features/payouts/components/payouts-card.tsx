import { Wallet } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useSearch } from 'wouter';
import type { PayoutAccount, PayoutSchedule } from '#core/billing/payouts.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { payoutsText } from '../text.ts';
import { usePayoutAccount, useSetPayoutSchedule, useStartOnboarding } from '../api/use-payouts.ts';
import { accountVariants, schedules } from '../payout-format.ts';
import { PayoutBalanceView } from './payout-balance.tsx';
import { PayoutList } from './payout-list.tsx';
import { useOnboardingReturn } from './use-onboarding-return.ts';

function Skeleton() {
  const t = useText(payoutsText);
  return (
    <div className="grid gap-3" role="status" aria-label={t('loadingPayouts')}>
      {[10, 20].map((h) => (
        <div key={h} className="animate-pulse rounded-xl bg-muted" style={{ height: h * 4 }} />
      ))}
    </div>
  );
}

function ScheduleSelect({ account }: { account: PayoutAccount }) {
  const t = useText(payoutsText);
  const save = useSetPayoutSchedule();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="payout-schedule">{t('payoutSchedule')}</Label>
      <NativeSelect
        id="payout-schedule"
        value={account.schedule}
        disabled={save.isPending}
        onChange={(event) =>
          save.mutate(event.target.value as PayoutSchedule, {
            onSuccess: (saved) =>
              toast({
                title: textOf(payoutsText)('scheduleSavedTitle'),
                description: textOf(payoutsText)('scheduleSaved', { schedule: saved.schedule }),
                variant: 'success',
              }),
            onError: (error) =>
              toast({
                title: textOf(payoutsText)('couldNotSaveSchedule'),
                description: error.message,
                variant: 'destructive',
              }),
          })
        }
      >
        {schedules.map((schedule) => (
          <option key={schedule} value={schedule}>
            {t('schedule', { schedule })}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function AccountState({ account }: { account: PayoutAccount }) {
  const t = useText(payoutsText);
  return (
    <div className="grid gap-2">
      <p className="flex flex-wrap items-center gap-2">
        <Badge variant={accountVariants[account.status]} data-testid="payout-status">
          {t('accountStatus', { status: account.status })}
        </Badge>
        {account.bankLast4 ? (
          <span className="text-sm text-muted-foreground">
            {t('bankAccount', { last4: account.bankLast4 })}
          </span>
        ) : null}
      </p>
      {account.status === 'not_started' ? (
        <p className="text-sm text-muted-foreground">{t('notStartedHint')}</p>
      ) : null}
      {account.status === 'pending_verification' ? (
        <p className="text-sm text-muted-foreground">{t('pendingHint')}</p>
      ) : null}
      {account.requirements.length > 0 ? (
        <div className="rounded-xl border-2 border-warning bg-warning/10 p-3 text-sm">
          <p className="font-semibold">{t('stillNeededColon')}</p>
          <ul className="list-disc pl-5" aria-label={t('stillNeeded')}>
            {account.requirements.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {account.payoutFailure ? <FormError message={account.payoutFailure} /> : null}
    </div>
  );
}

// The test gateway's onboarding: only a server without Stripe keys links here, so it loads on demand.
const OnboardingView = lazy(() => import('./onboarding-view.tsx'));

/**
 * Profile → Business → Payouts: the account, balance and payouts, or, where the test gateway's
 * account link leads (`?payouts=onboarding&account=<id>`), its onboarding in their place.
 */
export function PayoutsCard() {
  const params = new URLSearchParams(useSearch());
  const onboarding = params.get('payouts') === 'onboarding' ? params.get('account') : null;
  if (onboarding)
    return (
      <Suspense fallback={<Skeleton />}>
        <OnboardingView accountId={onboarding} />
      </Suspense>
    );
  return <PayoutsOverview />;
}

/** The payout account, the balance, the schedule and the payouts. */
function PayoutsOverview() {
  const t = useText(payoutsText);
  const account = usePayoutAccount();
  const start = useStartOnboarding();
  const [leaving, setLeaving] = useState(false);
  useOnboardingReturn();

  const onboard = () =>
    start.mutate(undefined, {
      onSuccess: ({ url }) => {
        setLeaving(true);
        window.location.assign(url);
      },
      onError: (error) =>
        toast({
          title: t('couldNotStart'),
          description: error.message,
          variant: 'destructive',
        }),
    });

  return (
    <Card className="grid gap-4 p-4" aria-labelledby="payouts-title" data-testid="payouts-card">
      <h2 id="payouts-title" className="flex items-center gap-2 text-lg font-bold">
        <Wallet className="size-5 text-primary" aria-hidden />
        {t('payouts')}
      </h2>
      {account.isPending ? (
        <Skeleton />
      ) : account.isError ? (
        <div role="alert" className="grid justify-items-start gap-2">
          <p className="font-semibold text-destructive">
            {t('couldNotLoadPayouts', { message: account.error.message })}
          </p>
          <Button variant="outline" onClick={() => void account.refetch()}>
            {t('tryAgainTitle')}
          </Button>
        </div>
      ) : (
        <>
          <AccountState account={account.data} />
          <Button
            variant={account.data.status === 'payouts_enabled' ? 'outline' : 'default'}
            disabled={start.isPending || leaving}
            onClick={onboard}
          >
            {start.isPending || leaving
              ? t('opening')
              : t('onboardingAction', { status: account.data.status })}
          </Button>
          {account.data.status !== 'not_started' ? (
            <>
              <PayoutBalanceView />
              <ScheduleSelect account={account.data} />
              <PayoutList />
            </>
          ) : null}
        </>
      )}
    </Card>
  );
}
