import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DEFAULT_REMINDER_DAYS } from '#core/billing/reminders.ts';
import type { ReminderSettings } from '#core/billing/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { billingCalls } from '../shared/billing/billing-calls.ts';
import type { QaResponse } from '../shared/qa-api.ts';
import { callLine } from '../shared/billing/call-log.tsx';
import { calendarKey, type ReminderSubject } from './use-reminder-subject.ts';

const channels = [
  ['emailEnabled', 'Email'],
  ['smsEnabled', 'SMS'],
  ['pushEnabled', 'Push (in-app)'],
] as const;

/** The subject's reminder settings, loaded from and saved to the server. */
export function ReminderSettingsForm({ subject }: { subject: ReminderSubject }) {
  const loaded = useQuery({
    queryKey: [...calendarKey, subject.userId, 'settings'],
    queryFn: () => billingCalls(subject.api).settings(subject.userId),
  });
  return (
    <Card className="grid min-w-0 gap-4 p-4 sm:p-5">
      <div className="grid gap-1">
        <h2 className="text-xl font-bold">Reminder Settings</h2>
        <p className="text-sm text-muted-foreground">
          {subject.kind === 'self'
            ? 'These are your own reminder settings: saving changes them for your plan.'
            : 'The test mechanic’s settings (deleted with it).'}{' '}
          Planned reminders follow the new days at the scheduler&apos;s next run.
        </p>
      </div>
      {!loaded.data ? (
        <p role="status">Loading settings…</p>
      ) : !loaded.data.ok ? (
        <p role="alert" className="text-destructive wrap-anywhere">
          Could not load the settings: {callLine(loaded.data)}
        </p>
      ) : (
        <SettingsEditor subject={subject} initial={loaded.data.body} />
      )}
    </Card>
  );
}

function SettingsEditor({
  subject,
  initial,
}: {
  subject: ReminderSubject;
  initial: ReminderSettings;
}) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ReminderSettings>(initial);
  const [saved, setSaved] = useState<QaResponse<ReminderSettings> | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    const answer = await billingCalls(subject.api).saveSettings(subject.userId, draft);
    setSaved(answer);
    setSaving(false);
    if (answer.ok) {
      setDraft(answer.body);
      queryClient.setQueryData([...calendarKey, subject.userId, 'settings'], answer);
      toast({ title: 'Reminder settings saved', variant: 'success' });
    } else {
      toast({ title: 'Update failed', description: answer.message, variant: 'destructive' });
    }
  };

  const toggleDay = (days: number, on: boolean) =>
    setDraft((d) => ({
      ...d,
      daysBefore: on
        ? [...d.daysBefore, days].sort((a, b) => b - a)
        : d.daysBefore.filter((x) => x !== days),
    }));

  const extraDays = draft.daysBefore.filter(
    (d) => !(DEFAULT_REMINDER_DAYS as readonly number[]).includes(d),
  );
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-semibold">Channels</legend>
        {channels.map(([key, label]) => (
          <label key={key} className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              name={key}
              checked={draft[key]}
              onChange={(event) => setDraft({ ...draft, [key]: event.target.checked })}
              className="size-5 accent-primary"
            />
            {label} <span className="font-mono text-xs text-muted-foreground">{key}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="grid gap-2" aria-describedby={`${ids}-days`}>
        <legend className="mb-1 font-semibold">Days before the due date</legend>
        <div className="flex flex-wrap gap-4">
          {DEFAULT_REMINDER_DAYS.map((days) => (
            <label key={days} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                checked={draft.daysBefore.includes(days)}
                onChange={(event) => toggleDay(days, event.target.checked)}
                className="size-5 accent-primary"
              />
              {days} {days === 1 ? 'day' : 'days'}
            </label>
          ))}
        </div>
        <p id={`${ids}-days`} className="text-sm text-muted-foreground">
          Email 7 or more days before, SMS 3 or more, push otherwise.
          {extraDays.length > 0 && ` Also saved: ${extraDays.join(', ')} days.`}
        </p>
      </fieldset>
      <Button type="submit" className="justify-self-start" disabled={saving}>
        {saving ? 'Saving…' : 'Save Settings'}
      </Button>
      <p aria-live="polite" className="text-sm wrap-anywhere">
        {saved && (
          <span className={saved.ok ? 'text-muted-foreground' : 'text-destructive'}>
            {callLine(saved)}
          </span>
        )}
      </p>
    </form>
  );
}
