import type { PublicUser, UserSettings } from '#core/users/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useEmailMode } from '#web/features/auth/index.ts';
import { useUpdateUser } from '../api/use-profile.ts';

const toggles: { key: keyof UserSettings; label: string; hint: string }[] = [
  {
    key: 'pushNotifications',
    label: 'Push Notifications',
    hint: 'Pop up new notifications in the app and ring the devices you turned on below. The bell keeps them either way.',
  },
  {
    key: 'locationServices',
    label: 'Location Services',
    hint: 'Use this device’s location to find help nearby and to show drivers you are on the way.',
  },
  {
    key: 'emailUpdates',
    label: 'Email Updates',
    hint: 'Send each notification to your email address too.',
  },
];

/** The Settings toggles: each one saves at once and changes what the app does. */
export function SettingsCard({ user }: { user: PublicUser }) {
  const update = useUpdateUser(user.id);
  const emailMode = useEmailMode();
  // While a change is saving, show the switch where the user put it.
  const saving = update.isPending ? update.variables.settings : undefined;
  const set = (key: keyof UserSettings, value: boolean) =>
    update.mutate(
      { settings: { [key]: value } },
      {
        onError: (error) =>
          toast({ title: 'Update Failed', description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <Card className="grid gap-3 p-4">
      <h2 className="text-lg font-bold">Settings</h2>
      {toggles.map(({ key, label, hint }) => (
        <div key={key} className="flex items-center justify-between gap-3 rounded-xl border-2 p-3">
          <div className="grid gap-0.5">
            <Label htmlFor={`setting-${key}`}>{label}</Label>
            <p id={`setting-${key}-hint`} className="text-sm text-muted-foreground">
              {hint}
              {key === 'emailUpdates' && emailMode.data === 'outbox'
                ? ' This installation has no mail server: emails wait in the admin outbox.'
                : ''}
            </p>
          </div>
          <Switch
            id={`setting-${key}`}
            aria-describedby={`setting-${key}-hint`}
            checked={saving?.[key] ?? user.settings[key]}
            onCheckedChange={(value) => set(key, value)}
            disabled={update.isPending}
          />
        </div>
      ))}
    </Card>
  );
}
