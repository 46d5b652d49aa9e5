import { useCallback, useEffect, useState } from 'react';
import { toast } from '#web/components/ui/use-toast.ts';
import { textOf } from '#web/lib/i18n.ts';
import { pushDeviceState, turnOffPush, turnOnPush, type PushDeviceState } from './push-device.ts';
import { pushText } from './push-text.ts';

/** Told whenever this device's push changes, so the switch and the prompts agree. */
const changes = new EventTarget();

/**
 * This device's push for `userId`: its state (null until read), whether a change is under way,
 * and the two changes. Turning on asks the browser's permission: call it from a button only.
 */
export function usePushDevice(userId: string) {
  const [state, setState] = useState<PushDeviceState | null>(null);
  const [working, setWorking] = useState(false);

  useEffect(() => {
    let live = true;
    const read = () =>
      void pushDeviceState(userId).then(
        (next) => live && setState(next),
        () => live && setState('off'),
      );
    read();
    changes.addEventListener('change', read);
    // Allowing (or blocking) notifications in the browser's site settings shows at once.
    let permission: PermissionStatus | null = null;
    navigator.permissions?.query({ name: 'notifications' }).then(
      (status) => {
        if (!live) return;
        permission = status;
        status.addEventListener('change', read);
      },
      () => undefined,
    );
    return () => {
      live = false;
      changes.removeEventListener('change', read);
      permission?.removeEventListener('change', read);
    };
  }, [userId]);

  const change = useCallback(
    async (on: boolean): Promise<PushDeviceState | null> => {
      setWorking(true);
      try {
        const next = await (on ? turnOnPush(userId) : turnOffPush(userId));
        setState(next);
        return next;
      } catch (error) {
        toast({
          title: textOf(pushText)(on ? 'couldNotTurnOn' : 'couldNotTurnOff'),
          description: error instanceof Error ? error.message : undefined,
          variant: 'destructive',
        });
        return null;
      } finally {
        setWorking(false);
        changes.dispatchEvent(new Event('change'));
      }
    },
    [userId],
  );

  return {
    state,
    working,
    turnOn: useCallback(() => change(true), [change]),
    turnOff: useCallback(() => change(false), [change]),
  };
}
