import { toast } from '#web/components/ui/use-toast.ts';
import { useUserSuspension } from '../api/use-user-suspension.ts';
import { ReasonDialog } from '#web/components/reason-dialog-lazy.tsx';
import { textOf, useText } from '#web/lib/i18n.ts';
import { adminText } from '../text.ts';

export interface SuspensionTarget {
  userId: string;
  name: string;
  /** Suspended now: the dialog reactivates. */
  suspended: boolean;
  /** "owner of Dallas Diesel", for a provider's owner. */
  context?: string;
}

/** Suspends an account (a reason is required) or reactivates it (a reason is optional). */
export function SuspensionDialog({
  target,
  onClose,
}: {
  target: SuspensionTarget;
  onClose: () => void;
}) {
  const t = useText(adminText);
  const change = useUserSuspension();
  const who = target.context
    ? t('whoWithContext', { name: target.name, context: target.context })
    : target.name;
  const confirm = (reason: string | undefined) =>
    change.mutate(
      { userId: target.userId, suspend: !target.suspended, reason },
      {
        onSuccess: () => {
          const text = textOf(adminText);
          toast({
            title: text(target.suspended ? 'accountReactivated' : 'accountSuspended'),
            description: text(target.suspended ? 'canSignInAgain' : 'cannotSignIn', { who }),
            variant: 'success',
          });
          onClose();
        },
        onError: (error) =>
          toast({
            title: textOf(adminText)(target.suspended ? 'reactivationFailed' : 'suspensionFailed'),
            description: error.message,
            variant: 'destructive',
          }),
      },
    );
  return target.suspended ? (
    <ReasonDialog
      title={t('reactivateTitle', { name: target.name })}
      description={t('reactivateHint', { who })}
      reasonLabel={t('reason')}
      required={false}
      confirmLabel={t('reactivate')}
      busyLabel={t('reactivating')}
      busy={change.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  ) : (
    <ReasonDialog
      title={t('suspendTitle', { name: target.name })}
      description={t('suspendHint', { who })}
      reasonLabel={t('reason')}
      required
      placeholder={t('suspendPlaceholder')}
      confirmLabel={t('suspend')}
      busyLabel={t('suspending')}
      destructive
      busy={change.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
