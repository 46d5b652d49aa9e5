import { BellRing, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import {
  clearPushPrompt,
  useOfferedPushPrompt,
  type PushPromptReason,
} from './push-prompt-store.ts';
import { pushPermission, pushUnsupported } from './push-device.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { usePushDevice } from './use-push-device.ts';
import { pushText } from './push-text.ts';

/** A "Not now" keeps that prompt away for 30 days on this device. */
export const PUSH_PROMPT_SNOOZE_MS = 30 * 24 * 60 * 60_000;
export const pushPromptKey = (reason: PushPromptReason) => `tf-push-prompt-${reason}`;

const questions = {
  'provider-available': 'questionProviderAvailable',
  'driver-booked': 'questionDriverBooked',
} as const satisfies Record<PushPromptReason, string>;

function snoozed(reason: PushPromptReason, now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(pushPromptKey(reason)));
    return Number.isFinite(at) && at > 0 && now - at < PUSH_PROMPT_SNOOZE_MS;
  } catch {
    return false;
  }
}

function snooze(reason: PushPromptReason) {
  try {
    localStorage.setItem(pushPromptKey(reason), String(Date.now()));
  } catch {
    // No storage: the card still goes away for this visit.
  }
}

/**
 * The small card that offers push when the moment explains it (push-prompt-store.ts), at the top
 * of the screen: toasts and the install card use the bottom. Only its button asks the browser's
 * permission; it covers no more than its own corner and blocks nothing.
 */
export function PushPrompt({ userId }: { userId: string }) {
  const t = useText(pushText);
  const reason = useOfferedPushPrompt();
  const { state, working, turnOn } = usePushDevice(userId);
  const card = useRef<HTMLElement>(null);
  const before = useRef<Element | null>(null);
  // Only for a device that can, has not said no, is not on already, and was not told Not now.
  const shown =
    reason &&
    state === 'off' &&
    !pushUnsupported() &&
    pushPermission() !== 'denied' &&
    !snoozed(reason)
      ? reason
      : null;

  // An offer that cannot be shown now is dropped, not kept for later.
  useEffect(() => {
    if (reason && state !== null && !shown) clearPushPrompt();
  }, [reason, state, shown]);

  // Focus moves to the card so a screen reader reads its question, and back where it was (the
  // button that led here) when the card closes; the page stays usable meanwhile.
  useEffect(() => {
    if (!shown) return;
    before.current = document.activeElement;
    card.current?.focus();
  }, [shown]);

  if (!shown) return null;
  const close = () => {
    clearPushPrompt();
    const back = before.current;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
  };
  const notNow = () => {
    snooze(shown);
    close();
  };
  const accept = async () => {
    const next = await turnOn();
    close();
    if (next === 'on')
      toast({
        title: textOf(pushText)('notificationsOn'),
        description: textOf(pushText)('deviceWillBeTold'),
        variant: 'success',
      });
    else if (next === 'blocked' || next === 'off') snooze(shown);
  };

  return (
    <section
      ref={card}
      tabIndex={-1}
      aria-labelledby="push-prompt-title"
      className="fixed inset-x-3 top-20 z-50 mx-auto max-w-md rounded-xl border-2 border-primary bg-card p-4 shadow-2xl outline-none"
      data-testid="push-prompt"
    >
      <div className="flex items-start gap-3">
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary"
          aria-hidden
        >
          <BellRing className="size-5" />
        </span>
        <h2 id="push-prompt-title" className="flex-1 font-bold leading-snug">
          {t(questions[shown])}
        </h2>
        <Button
          variant="ghost"
          size="icon"
          className="-mr-2 -mt-2"
          onClick={notNow}
          aria-label={t('close')}
        >
          <X aria-hidden />
        </Button>
      </div>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={notNow} disabled={working}>
          {t('notNow')}
        </Button>
        <Button onClick={() => void accept()} disabled={working}>
          {t('turnOn')}
        </Button>
      </div>
    </section>
  );
}
