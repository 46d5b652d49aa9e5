import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '#web/components/ui/use-toast.ts';
import { fetchMe } from '#web/features/auth/index.ts';
import { listenToOutbox, sendQueuedBookings } from './outbox.ts';

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
      for (const { businessName } of sent)
        toast({
          title: 'Booking submitted!',
          description: `Your queued request to ${businessName} has been sent.`,
          variant: 'success',
        });
      for (const { businessName, refusal } of refused)
        toast({
          title: `Your request to ${businessName} was not accepted`,
          description: refusal,
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
