import type { PublicUser, UserSettings } from '#core/users/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ThemeSwitch } from '#web/components/theme-switch.tsx';
import { LanguageSetting, useEmailMode } from '#web/features/auth/index.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { profileText } from '../text.ts';
import { useUpdateUser } from '../api/use-profile.ts';

const toggles = [
  { key: 'pushNotifications', label: 'pushNotifications', hint: 'pushHint' },
  { key: 'locationServices', label: 'locationServices', hint: 'locationHint' },
  { key: 'emailUpdates', label: 'emailUpdates', hint: 'emailHint' },
] as const satisfies { key: keyof UserSettings; label: string; hint: string }[];

/** The Settings toggles: each one saves at once and changes what the app does. */
export function SettingsCard({ user }: { user: PublicUser }) {
  const t = useText(profileText);
  const update = useUpdateUser(user.id);
  const saveTheme = useUpdateUser(user.id);
  const emailMode = useEmailMode();
  // While a change is saving, show the switch where the user put it.
  const saving = update.isPending ? update.variables.settings : undefined;
  const set = (key: keyof UserSettings, value: boolean) =>
    update.mutate(
      { settings: { [key]: value } },
      {
        onError: (error) =>
          toast({
            title: textOf(profileText)('updateFailed'),
            description: error.message,
            variant: 'destructive',
          }),
      },
    );
  return (
    <Card className="grid gap-3 p-4">
      <h2 className="text-lg font-bold">{t('settings')}</h2>
      <div className="grid gap-4 rounded-xl border-2 p-3 sm:grid-cols-2">
        <LanguageSetting />
        <ThemeSwitch save={(theme) => saveTheme.mutateAsync({ theme })} />
      </div>
      {toggles.map(({ key, label, hint }) => (
        <div key={key} className="flex items-center justify-between gap-3 rounded-xl border-2 p-3">
          <div className="grid gap-0.5">
            <Label htmlFor={`setting-${key}`}>{t(label)}</Label>
            <p id={`setting-${key}-hint`} className="text-sm text-muted-foreground">
              {t(hint)}
              {key === 'emailUpdates' && emailMode.data === 'outbox'
                ? ` ${t('emailOutboxNote')}`
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
