import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { pushUnsupported, type PushDeviceState } from './push-device.ts';
import { usePushDevice } from './use-push-device.ts';

/** The line under the switch: what it does, or why it cannot be used here and what to do. */
export function pushDeviceHint(state: PushDeviceState | null, working: boolean): string {
  if (working) return 'Working…';
  switch (state) {
    case 'unsupported':
      return pushUnsupported() === 'ios-home-screen'
        ? 'On iPhone and iPad, add Truck Finder to your Home Screen first (iOS 16.4+): Share → Add to Home Screen, then open it from there.'
        : 'This browser cannot receive notifications while the app is closed.';
    case 'blocked':
      return 'Notifications are blocked for this site. Allow them in the browser’s site settings (the icon beside the address), then come back.';
    case 'on':
      return 'On: new jobs and booking updates reach this device even when the app is closed.';
    default:
      return 'Get new jobs and booking updates on this device even when the app is closed.';
  }
}

/** "Notify me on this device": this browser's Web Push subscription for the signed-in user. */
export function PushDeviceSwitch({ userId }: { userId: string }) {
  const { state, working, turnOn, turnOff } = usePushDevice(userId);
  const usable = state === 'on' || state === 'off';
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border-2 p-3">
      <div className="grid gap-0.5">
        <Label htmlFor="push-device">Notify me on this device</Label>
        <p id="push-device-hint" className="text-sm text-muted-foreground" aria-live="polite">
          {pushDeviceHint(state, working)}
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
