import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { plans } from '#core/billing/plans.ts';
import type { PaymentReminder } from '#core/billing/schemas.ts';
import { formatUsd } from '#core/money.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { billingCalls } from '../shared/billing/billing-calls.ts';
import { activeReminders, daysBeforeText, dueBadgeOf } from './calendar.ts';
import type { QaResponse } from '../shared/qa-api.ts';
import { callLine } from '../shared/billing/call-log.tsx';
import { calendarKey, type ReminderSubject } from './use-reminder-subject.ts';

const day = (iso: string) => format(new Date(iso), 'MMM d, yyyy');

/** The first ten reminders, each with a button that really sends it now. */
export function ActiveReminders({
  subject,
  reminders,
}: {
  subject: ReminderSubject;
  reminders: readonly PaymentReminder[];
}) {
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<Record<string, QaResponse<PaymentReminder>>>({});
  const [sending, setSending] = useState<string | null>(null);
  const shown = activeReminders(reminders);

  const send = async (reminder: PaymentReminder) => {
    setSending(reminder.id);
    const answer = await billingCalls(subject.api).sendReminder(reminder.id);
    setAnswers((all) => ({ ...all, [reminder.id]: answer }));
    setSending(null);
    toast(
      answer.ok
        ? { title: 'Reminder sent', description: `To ${reminder.customerName}`, variant: 'success' }
        : { title: 'Reminder not sent', description: answer.message, variant: 'destructive' },
    );
    await queryClient.invalidateQueries({ queryKey: calendarKey });
  };

  return (
    <Card className="grid min-w-0 gap-4 p-4 sm:p-5">
      <div className="grid gap-1">
        <h2 className="text-xl font-bold">Active Reminders</h2>
        <p className="text-sm text-muted-foreground">
          The first {shown.length} of {reminders.length} by reminder date. Send Test Reminder really
          sends it now on {subject.kind === 'self' ? 'your' : 'the test mechanic’s'} channels
          (in-app, email, and a text for sms reminders) and marks it sent.
        </p>
      </div>
      {shown.length === 0 ? (
        <p>No reminders yet.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Reminders">
          {shown.map((reminder) => {
            const badge = dueBadgeOf(reminder.dueDate);
            const answer = answers[reminder.id];
            return (
              <li
                key={reminder.id}
                className="grid gap-2 rounded-lg border p-3"
                data-testid="reminder"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="grid min-w-0 gap-0.5">
                    <p className="font-semibold wrap-anywhere">{reminder.customerName}</p>
                    <p className="text-sm">
                      {formatUsd(reminder.amount)} · {plans[reminder.planType].name}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-1">
                    <Badge variant={badge.variant} data-testid="due-badge">
                      {badge.label}
                    </Badge>
                    <Badge variant={reminder.status === 'sent' ? 'success' : 'outline'}>
                      {reminder.status}
                    </Badge>
                  </div>
                </div>
                <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-muted-foreground">Due date</dt>
                    <dd>{day(reminder.dueDate)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Reminder date</dt>
                    <dd>{day(reminder.reminderDate)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Type</dt>
                    <dd>{reminder.reminderType}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">When</dt>
                    <dd>{daysBeforeText(reminder.daysBefore)}</dd>
                  </div>
                </dl>
                <div className="flex flex-wrap items-center gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void send(reminder)}
                    disabled={sending !== null}
                    aria-label={`Send Test Reminder to ${reminder.customerName}, due ${day(reminder.dueDate)}, ${reminder.daysBefore} days before`}
                  >
                    <Send aria-hidden />
                    {sending === reminder.id ? 'Sending…' : 'Send Test Reminder'}
                  </Button>
                  <p
                    aria-live="polite"
                    className="min-w-0 basis-full text-xs wrap-anywhere sm:basis-0 sm:flex-1"
                  >
                    {answer && (
                      <span className={answer.ok ? 'text-muted-foreground' : 'text-destructive'}>
                        {callLine(answer)}
                        {answer.ok && answer.body.sentAt
                          ? ` · sent at ${format(new Date(answer.body.sentAt), 'HH:mm:ss')}`
                          : ''}
                      </span>
                    )}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
