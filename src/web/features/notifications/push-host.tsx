import { useEffect } from 'react';
import { restorePush } from './push-device.ts';
import { PushPrompt } from './push-prompt.tsx';

/**
 * For a signed-in user, on every screen: posts this device again if the user turned push on
 * here (a sign-out made the server forget it), and shows the push prompt when one is offered.
 * Never asks the browser anything by itself.
 */
export default function PushHost({ userId }: { userId: string }) {
  useEffect(() => {
    // Nothing to tell the person: the switch in Settings shows where the device stands.
    restorePush(userId).catch(() => undefined);
  }, [userId]);
  return <PushPrompt userId={userId} />;
}
