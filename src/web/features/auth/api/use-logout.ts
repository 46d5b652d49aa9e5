import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#web/components/ui/use-toast.ts';
import { api } from '#web/api/client.ts';
import { textOf } from '#web/lib/i18n.ts';
import { markSignOutPending, sendPendingSignOut } from '#web/lib/pending-sign-out.ts';
import { signOutText } from '../sign-out-text.ts';
import { startSignedIn } from './signed-in.ts';

/**
 * Signs this device out at once, signal or not: the logout is noted on the device and sent now
 * or as soon as the connection returns (lib/pending-sign-out.ts). Answers whether it was sent.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline too: a mutation would otherwise wait for the connection before it even starts.
    networkMode: 'always',
    mutationFn: async (): Promise<{ sent: boolean }> => {
      try {
        await markSignOutPending();
      } catch {
        // No IndexedDB (a private window of some browsers): only a sent logout counts.
        await api.post('/auth/logout');
        void startSignedIn(queryClient, null);
        return { sent: true };
      }
      void startSignedIn(queryClient, null);
      return { sent: await sendPendingSignOut() };
    },
    onSuccess: ({ sent }) => {
      if (!sent) {
        const t = textOf(signOutText);
        toast({ title: t('signedOutHere'), description: t('toldWhenOnline') });
      }
    },
  });
}
