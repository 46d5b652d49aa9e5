import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '#web/components/ui/use-toast.ts';
import { fetchMe } from '#web/features/auth/index.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { bookText } from '../book-text.ts';
import { listenToOutbox, sendQueuedBookings, TOO_OLD } from './outbox.ts';

/** Who is signed in now: a request leaves only with the session of the driver who made it. */
const signedIn = () => fetchMe().then((user) => user?.id ?? null);

/** How often a request that could not leave is tried again while the device says it is online. */
const RETRY_MS = 30_000;

/**
 * Sends the driver's queued requests whenever they can leave: at start, when the connection
 * returns, when one is queued, and every half minute while some wait. Says what happened to each.
 */
export default function OutboxSender({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  // Loads the catalog of the toasts below in the language in use.
  useText(bookText);

  useEffect(() => {
    let retry: number | undefined;
    const send = () => {
      window.clearTimeout(retry);
      if (!navigator.onLine) return;
      void sendQueuedBookings(signedIn)
        .then(({ waiting }) => {
          if (waiting) retry = window.setTimeout(send, RETRY_MS);
        })
        .catch(() => undefined);
    };
    const stopListening = listenToOutbox(({ sent, refused }) => {
      const t = textOf(bookText);
      for (const { businessName } of sent)
        toast({
          title: t('submitted'),
          description: t('queuedSent', { name: businessName }),
          variant: 'success',
        });
      for (const { businessName, refusal } of refused)
        toast({
          title: t('queuedRefused', { name: businessName }),
          description: refusal === TOO_OLD ? t('tooOld') : refusal,
          variant: 'destructive',
        });
      if (sent.length || refused.length) {
        void queryClient.invalidateQueries({ queryKey: ['bookings'] });
        void queryClient.invalidateQueries({ queryKey: ['providers'] });
      } else send();
    });
    send();
    window.addEventListener('online', send);
    return () => {
      stopListening();
      window.clearTimeout(retry);
      window.removeEventListener('online', send);
    };
  }, [queryClient, userId]);

  return null;
}
