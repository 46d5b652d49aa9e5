import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { pushUnsupported, type PushDeviceState } from './push-device.ts';
import { useText } from '#web/lib/i18n.ts';
import { usePushDevice } from './use-push-device.ts';
import { pushText } from './push-text.ts';

/** The line under the switch (its key): what it does, or why it cannot be used here and what to do. */
export function pushDeviceHint(state: PushDeviceState | null, working: boolean) {
  if (working) return 'working';
  switch (state) {
    case 'unsupported':
      return pushUnsupported() === 'ios-home-screen' ? 'iosHomeScreen' : 'unsupported';
    case 'blocked':
      return 'blocked';
    case 'on':
      return 'on';
    default:
      return 'off';
  }
}

/** "Notify me on this device": this browser's Web Push subscription for the signed-in user. */
export function PushDeviceSwitch({ userId }: { userId: string }) {
  const t = useText(pushText);
  const { state, working, turnOn, turnOff } = usePushDevice(userId);
  const usable = state === 'on' || state === 'off';
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border-2 p-3">
      <div className="grid gap-0.5">
        <Label htmlFor="push-device">{t('notifyMe')}</Label>
        <p id="push-device-hint" className="text-sm text-muted-foreground" aria-live="polite">
          {t(pushDeviceHint(state, working))}
        </p>
      </div>
      <Switch
        id="push-device"
        aria-describedby="push-device-hint"
        checked={state === 'on'}
        disabled={!usable || working}
        onCheckedChange={(on) => void (on ? turnOn() : turnOff())}
      />
    </div>
  );
}
