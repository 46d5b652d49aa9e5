import { toast } from '#web/components/ui/use-toast.ts';
import { useUserSuspension } from '../api/use-user-suspension.ts';
import { ReasonDialog } from '#web/components/reason-dialog.tsx';

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
  const change = useUserSuspension();
  const who = target.context ? `${target.name} (${target.context})` : target.name;
  const confirm = (reason: string | undefined) =>
    change.mutate(
      { userId: target.userId, suspend: !target.suspended, reason },
      {
        onSuccess: () => {
          toast({
            title: target.suspended ? 'Account Reactivated' : 'Account Suspended',
            description: target.suspended
              ? `${who} can sign in again.`
              : `${who} cannot sign in until reactivated.`,
            variant: 'success',
          });
          onClose();
        },
        onError: (error) =>
          toast({
            title: target.suspended ? 'Reactivation Failed' : 'Suspension Failed',
            description: error.message,
            variant: 'destructive',
          }),
      },
    );
  return target.suspended ? (
    <ReasonDialog
      title={`Reactivate ${target.name}?`}
      description={`${who} will be able to sign in again.`}
      required={false}
      confirmLabel="Reactivate"
      busyLabel="Reactivating..."
      busy={change.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  ) : (
    <ReasonDialog
      title={`Suspend ${target.name}?`}
      description={`${who} cannot sign in until reactivated. The reason is kept in the audit log.`}
      required
      placeholder="e.g. Repeated no-shows reported by drivers"
      confirmLabel="Suspend"
      busyLabel="Suspending..."
      destructive
      busy={change.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
