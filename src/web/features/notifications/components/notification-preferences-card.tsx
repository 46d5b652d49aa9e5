import {
  notificationChannels,
  textableCategories,
  type NotificationCategory,
  type NotificationChannel,
} from '#core/notification-preferences.ts';
import type {
  NotificationPreferences,
  NotificationPreferencesInput,
} from '#core/notification-preferences-schemas.ts';
import { useState } from 'react';
import type { PublicUser } from '#core/users/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import {
  useNotificationPreferences,
  useSavePreferences,
} from '../api/use-notification-preferences.ts';
import { preferencesText } from '../preferences-text.ts';

const DEFAULT_QUIET = { start: '22:00', end: '07:00' };

/** The zones US drivers and shops are in, and the device's own if it is another. */
const US_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
];

function zonesWith(current: string, device: string | null) {
  return [...new Set([current, ...(device ? [device] : []), ...US_ZONES])];
}

/**
 * The device's zone, read when the list is about to open: the first `Intl` date format of a page
 * costs a slow phone over 100 ms (ICU's data), which the card's first render does not pay.
 */
function useDeviceZone() {
  const [zone, setZone] = useState<string | null>(null);
  const read = () => setZone((known) => known ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  return [zone, read] as const;
}

const inputOf = ({ channels, quietHours, timeZone }: NotificationPreferences) => ({
  channels,
  quietHours,
  timeZone,
});

/** Settings → Notifications: how each kind of notification reaches the user, and when not. */
export function NotificationPreferencesCard({ user }: { user: PublicUser }) {
  const t = useText(preferencesText);
  const label = useLabel();
  const preferences = useNotificationPreferences();
  const save = useSavePreferences();
  const change = (next: Partial<NotificationPreferencesInput>) => {
    if (!preferences.data) return;
    save.mutate(
      { ...inputOf(preferences.data), ...next },
      {
        onError: (error) =>
          toast({
            title: textOf(preferencesText)('updateFailed'),
            description: error.message,
            variant: 'destructive',
          }),
      },
    );
  };

  // Its own key: the choices never reuse the placeholder's node, which Chrome would count as a
  // layout shift of the whole card (the pulsing placeholder has a layer of its own).
  if (preferences.isPending)
    return (
      <div
        key="loading"
        className="h-72 animate-pulse rounded-xl bg-muted"
        role="status"
        aria-label={t('loadingChoices')}
      />
    );
  if (preferences.isError)
    return (
      <Card className="grid gap-2 p-4" role="alert">
        <h3 className="font-bold">{t('didNotLoad')}</h3>
        <p className="text-sm text-muted-foreground">{preferences.error.message}</p>
        <button
          type="button"
          className="justify-self-start font-semibold text-primary underline"
          onClick={() => void preferences.refetch()}
        >
          {t('tryAgain')}
        </button>
      </Card>
    );

  const current = preferences.data;
  const setChannel = (
    category: NotificationCategory,
    channel: NotificationChannel,
    value: boolean,
  ) =>
    change({
      channels: {
        ...current.channels,
        [category]: { ...current.channels[category], [channel]: value },
      },
    });
  const notes = [
    !user.settings.pushNotifications && 'pushOffNote',
    !user.settings.emailUpdates && 'emailOffNote',
    user.role === 'driver' ? 'textsDriver' : 'textsProvider',
    !user.contacts.phoneConfirmed && 'textsPhoneNote',
  ] as const;

  return (
    <div className="grid gap-4">
      <Card className="grid gap-3 p-4">
        <div className="grid gap-1">
          <h3 className="font-bold">{t('whatReachesYou')}</h3>
          <ul className="list-disc pl-5 text-sm text-muted-foreground">
            {notes.map((note) => (note ? <li key={note}>{t(note)}</li> : null))}
          </ul>
        </div>
        <div className="-mx-1 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('channelsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col" className="px-1 text-left font-semibold">
                  {t('kind')}
                </th>
                {notificationChannels.map((channel) => (
                  <th key={channel} scope="col" className="w-14 px-1 text-center font-semibold">
                    {label('channel', channel)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {current.categories.map((category) => (
                <tr key={category} className="border-t">
                  <th scope="row" className="px-1 py-2 text-left font-medium">
                    {label('notificationCategory', category)}
                  </th>
                  {notificationChannels.map((channel) => {
                    const offered = channel !== 'sms' || textableCategories.includes(category);
                    return (
                      <td key={channel} className="px-1 py-2 text-center">
                        {offered ? (
                          <input
                            type="checkbox"
                            className="size-6 cursor-pointer accent-primary"
                            aria-label={t('checkboxLabel', {
                              category: label('notificationCategory', category),
                              channel: label('channel', channel),
                            })}
                            checked={current.channels[category][channel]}
                            onChange={(event) =>
                              setChannel(category, channel, event.currentTarget.checked)
                            }
                          />
                        ) : (
                          <span aria-label={t('notOffered')} className="text-muted-foreground">
                            —
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <QuietHoursCard preferences={current} onChange={change} provider={user.role === 'mechanic'} />
    </div>
  );
}

function QuietHoursCard({
  preferences,
  onChange,
  provider,
}: {
  preferences: NotificationPreferences;
  onChange: (next: Partial<NotificationPreferencesInput>) => void;
  provider: boolean;
}) {
  const t = useText(preferencesText);
  const quiet = preferences.quietHours;
  const [deviceZone, readDeviceZone] = useDeviceZone();
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-center justify-between gap-3">
        <div className="grid gap-0.5">
          <Label htmlFor="quiet-hours">{t('quietHours')}</Label>
          <p id="quiet-hours-hint" className="text-sm text-muted-foreground">
            {t('quietHint')}
            {provider ? ` ${t('quietUrgent')}` : ''}
          </p>
        </div>
        <Switch
          id="quiet-hours"
          aria-describedby="quiet-hours-hint"
          checked={quiet !== null}
          onCheckedChange={(on) => onChange({ quietHours: on ? DEFAULT_QUIET : null })}
        />
      </div>
      {quiet ? (
        <div className="grid grid-cols-2 gap-3">
          {(['start', 'end'] as const).map((edge) => (
            <div key={edge} className="grid gap-1">
              <Label htmlFor={`quiet-${edge}`}>{edge === 'start' ? t('from') : t('until')}</Label>
              <input
                id={`quiet-${edge}`}
                type="time"
                required
                className="h-11 rounded-lg border-2 border-input bg-card px-3 text-base"
                defaultValue={quiet[edge]}
                onBlur={(event) => {
                  const value = event.currentTarget.value;
                  if (value && value !== quiet[edge])
                    onChange({ quietHours: { ...quiet, [edge]: value } });
                }}
              />
            </div>
          ))}
        </div>
      ) : null}
      <div className="grid gap-1">
        <Label htmlFor="time-zone">{t('timeZone')}</Label>
        <NativeSelect
          id="time-zone"
          value={preferences.timeZone}
          onChange={(event) => onChange({ timeZone: event.currentTarget.value })}
          onFocus={readDeviceZone}
          onPointerDown={readDeviceZone}
        >
          {zonesWith(preferences.timeZone, deviceZone).map((zone) => (
            <option key={zone} value={zone} translate="no">
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </NativeSelect>
      </div>
    </Card>
  );
}
