import { Info } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Card } from '#web/components/ui/card.tsx';
import { usePaymentsGateway } from '../shared/billing/use-payments-gateway.ts';
import { useTestMechanic } from '../shared/billing/use-test-mechanic.ts';
import { reminderChecks } from './reminder-checks.ts';
import { TEST_REMINDER } from './reminder-test.ts';
import type { PaymentReminder } from '#core/billing/schemas.ts';
import { ActiveReminders } from './active-reminders.tsx';
import { CalendarView } from './calendar-view.tsx';
import { ReminderSettingsForm } from './reminder-settings.tsx';
import { SetupTestMechanic } from './setup-test-mechanic.tsx';
import { useReminderSubject, type ReminderSubject } from './use-reminder-subject.ts';
import { InternalPage } from '../shared/internal-page.tsx';
import { callLine } from '../shared/billing/call-log.tsx';
import { GatewayNote } from '../shared/billing/gateway-note.tsx';
import { TestMechanicRun } from '../shared/billing/test-mechanic-run.tsx';
import { TestMechanicBar } from '../shared/billing/test-mechanic-bar.tsx';
import { SectionTabs } from '../shared/section-tabs.tsx';

type Reminders = readonly PaymentReminder[];

const ownership =
  'A reminder belongs to a mechanic’s subscription: only a mechanic with a plan has reminders, and the server takes the amount, plan and name from the subscription.';

export default function CalendarTestPage() {
  const gateway = usePaymentsGateway();
  const mechanic = useTestMechanic();
  const { subject, reminders, deciding, user } = useReminderSubject(mechanic);
  const context = useMemo(() => ({ gateway: gateway.data ?? 'test' }), [gateway.data]);

  const loadingCard = (
    <Card className="p-4" role="status">
      Loading reminders…
    </Card>
  );

  const needsSubject = (children: (subject: ReminderSubject) => ReactNode) =>
    deciding ? (
      loadingCard
    ) : !subject ? (
      <Card className="p-4 sm:p-5">No reminders to show yet: create the test mechanic above.</Card>
    ) : (
      children(subject)
    );

  const withReminders = (children: (list: Reminders, subject: ReminderSubject) => ReactNode) =>
    needsSubject((s) =>
      !reminders.data ? (
        loadingCard
      ) : !reminders.data.ok ? (
        <Card className="p-4 text-destructive wrap-anywhere" role="alert">
          Could not load reminders: {callLine(reminders.data)}
        </Card>
      ) : (
        children(reminders.data.body, s)
      ),
    );

  return (
    <InternalPage
      title="Payment Reminder Calendar"
      description="Plan renewals and their reminders from the live API: the calendar, the reminders with a real Send, the reminder settings, and the payment reminders test."
    >
      <GatewayNote gateway={gateway.data} />
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        {ownership}
      </p>
      {subject && (
        <p className="text-sm wrap-anywhere" data-testid="reminder-subject">
          Showing the reminders of{' '}
          <strong>{subject.kind === 'self' ? 'you' : `the test mechanic (${subject.name})`}</strong>
          .
        </p>
      )}
      {!deciding && subject?.kind !== 'self' && (
        <Card className="grid gap-3 p-4 sm:p-5">
          <p>
            {user?.role === 'mechanic'
              ? 'You have no payment reminders yet (they are planned for an active plan within a month of its renewal).'
              : 'You are not a mechanic, so you have no payment reminders of your own.'}{' '}
            This page shows a test mechanic’s instead: it subscribes to Premium with the test card
            and plans its reminders, and it is deleted when you leave.
          </p>
          {(mechanic.account || mechanic.last) && (
            <TestMechanicBar mechanic={mechanic} purpose="No test mechanic on this page now." />
          )}
          <SetupTestMechanic mechanic={mechanic} gateway={gateway.data} />
        </Card>
      )}
      <SectionTabs
        defaultValue="calendar"
        tabs={[
          {
            value: 'calendar',
            label: 'Calendar View',
            content: withReminders((list) => <CalendarView reminders={list} />),
          },
          {
            value: 'active',
            label: 'Active Reminders',
            content: withReminders((list, s) => <ActiveReminders subject={s} reminders={list} />),
          },
          {
            value: 'settings',
            label: 'Reminder Settings',
            content: needsSubject((s) => <ReminderSettingsForm key={s.userId} subject={s} />),
          },
          {
            value: 'manual',
            label: 'Manual Testing',
            content: (
              <TestMechanicRun
                title="Payment reminders test"
                intro={
                  <>
                    Registers a fresh test mechanic, subscribes it to Premium ($
                    {TEST_REMINDER.amount}), creates a reminder due in {TEST_REMINDER.dueInDays}{' '}
                    days sent {TEST_REMINDER.daysBefore} days before, sends it, checks it shows as
                    sent and that the scheduling looks 30 days ahead, then deletes the test
                    mechanic. {ownership}
                  </>
                }
                checks={reminderChecks}
                context={context}
                gapMs={500}
                runLabel="Run Reminder Test"
              />
            ),
          },
        ]}
      />
    </InternalPage>
  );
}
