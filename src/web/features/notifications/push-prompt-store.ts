// The moments that explain why push is worth turning on (never a page load): a provider who
// just became available, a driver whose booking was just sent. The prompt card shows the offer.
import { useSyncExternalStore } from 'react';

export type PushPromptReason = 'provider-available' | 'driver-booked';

let offered: PushPromptReason | null = null;
const listeners = new Set<() => void>();

/** Offers push at a moment that explains it; the card decides whether to show (push-prompt.tsx). */
export function offerPushPrompt(reason: PushPromptReason) {
  offered = reason;
  listeners.forEach((listener) => listener());
}

export function clearPushPrompt() {
  offered = null;
  listeners.forEach((listener) => listener());
}

export const useOfferedPushPrompt = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offered,
    () => null,
  );
