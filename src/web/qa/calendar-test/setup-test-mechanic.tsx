import type { GatewayMode } from '#core/billing/schemas.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_REMINDER_DAYS } from '#core/billing/reminders.ts';
import { Button } from '#web/components/ui/button.tsx';
import { billingCalls, subscribeWithCard } from '../shared/billing/billing-calls.ts';
import { NEEDS_TEST_GATEWAY, SUCCEEDING_CARD } from '../shared/billing/test-cards.ts';
import type { TestMechanic } from '../shared/billing/use-test-mechanic.ts';
import { renewalReminderDates, testReminderDates } from './reminder-test.ts';
import type { QaResponse } from '../shared/qa-api.ts';
import { CallLog } from '../shared/billing/call-log.tsx';
import { calendarKey } from './use-reminder-subject.ts';

/**
 * Gives the page's test mechanic something to show: a Premium plan paid with 4242, the test
 * reminder (due in 7 days, 4 days before) and the renewal's reminders (7, 3 and 1 days before).
 */
export function SetupTestMechanic({
  mechanic,
  gateway,
}: {
  mechanic: TestMechanic;
  gateway: GatewayMode | undefined;
}) {
  const queryClient = useQueryClient();
  const [calls, setCalls] = useState<QaResponse[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setUp = async () => {
    setBusy(true);
    setCalls([]);
    setError(null);
    const log: QaResponse[] = [];
    const push = (call: QaResponse) => {
      log.push(call);
      setCalls([...log]);
    };
    try {
      if (gateway !== 'test') {
        setError(`${NEEDS_TEST_GATEWAY}: the test mechanic cannot pay for a plan here.`);
        return;
      }
      const { account, response } = await mechanic.ensure();
      if (response) push(response);
      if (!account) {
        setError('Could not create the test mechanic.');
        return;
      }
      const calls = billingCalls(account.api);
      let plan = (await calls.current(account.user.id)).body;
      if (!plan || plan.status !== 'active') {
        const outcome = await subscribeWithCard(
          account.api,
          account.user.id,
          'premium',
          SUCCEEDING_CARD,
        );
        outcome.calls.forEach(push);
        if (outcome.failure || !outcome.plan) {
          setError(`Subscribing the test mechanic failed: ${outcome.failure ?? 'no plan'}`);
          return;
        }
        plan = outcome.plan;
      }
      const wanted = [testReminderDates(), ...renewalReminderDates(plan, DEFAULT_REMINDER_DAYS)];
      for (const dates of wanted)
        push(
          await calls.createReminder({
            userId: account.user.id,
            subscriptionId: plan.id,
            dueDate: dates.dueDate,
            reminderDate: dates.reminderDate,
            amount: plan.price,
            planType: plan.planType,
            customerName: account.user.name,
          }),
        );
      if (log.some((call) => !call.ok)) setError('Some calls failed: see below.');
    } finally {
      await queryClient.invalidateQueries({ queryKey: calendarKey });
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-3">
      <Button
        className="h-auto min-h-11 justify-self-start py-2 whitespace-normal"
        onClick={() => void setUp()}
        disabled={busy || mechanic.busy !== null}
      >
        {busy
          ? 'Setting up…'
          : mechanic.account
            ? 'Add the test reminders again'
            : 'Create a test mechanic with reminders'}
      </Button>
      <div aria-live="polite" className="grid gap-2">
        {error && (
          <p role="alert" className="text-sm font-semibold text-destructive wrap-anywhere">
            {error}
          </p>
        )}
        <CallLog calls={calls} label="Set-up calls" />
      </div>
    </div>
  );
}
