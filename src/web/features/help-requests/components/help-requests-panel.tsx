import { Radio } from 'lucide-react';
import { helpProgress, type HelpRequest } from '#core/help-requests/help-request.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { arrivalTargetId, useArrivalFocus } from '#web/lib/use-arrival-focus.ts';
import { useCancelHelpRequest, useHelpRequests } from '../api/use-help-requests.ts';

/** How long an ended request stays on the page, so the driver sees how it ended. */
const ENDED_SHOWN_MS = 30 * 60_000;

const headline: Record<HelpRequest['status'], string> = {
  open: 'Asking providers nearby',
  booked: 'A provider took the job',
  cancelled: 'You stopped asking',
  unanswered: 'Nobody accepted',
};

const inviteLabel: Record<HelpRequest['invites'][number]['status'], string> = {
  asked: 'Asked',
  declined: 'Declined',
  accepted: 'Accepted',
  taken: 'Too late',
  withdrawn: 'No longer asked',
};

/** A driver's help requests as they unfold: who was asked, who declined, how far it widened. */
export function HelpRequestsPanel({ focusId = null }: { focusId?: string | null }) {
  const requests = useHelpRequests(true);
  const cancel = useCancelHelpRequest();
  const shown = (requests.data ?? []).filter(
    (r) =>
      r.status === 'open' ||
      requests.dataUpdatedAt - new Date(r.createdAt).getTime() < ENDED_SHOWN_MS,
  );
  useArrivalFocus(focusId ? arrivalTargetId('help', focusId) : null, shown.length > 0);
  if (!shown.length) return null;

  const stop = (id: string) =>
    cancel.mutate(id, {
      onSuccess: () =>
        toast({ title: 'Stopped asking', description: 'Nobody else will be asked.' }),
      onError: (error) =>
        toast({ title: 'Could not stop', description: error.message, variant: 'destructive' }),
    });

  return (
    <section aria-labelledby="help-title" className="grid gap-3">
      <h2 id="help-title" className="flex items-center gap-2 text-lg font-bold">
        <Radio className="size-5 text-primary" aria-hidden /> Help requests
      </h2>
      {shown.map((request) => {
        const winner = request.invites.find((i) => i.status === 'accepted');
        return (
          <Card
            key={request.id}
            id={arrivalTargetId('help', request.id)}
            tabIndex={request.id === focusId ? -1 : undefined}
            aria-current={request.id === focusId ? 'true' : undefined}
            className={cn(
              'grid gap-2 p-4 outline-none',
              request.id === focusId && 'ring-4 ring-primary ring-offset-2 ring-offset-background',
            )}
            data-testid="help-request"
          >
            <div className="flex items-start justify-between gap-2">
              <p className="font-bold leading-tight">{request.serviceType}</p>
              <span className="shrink-0 rounded-full bg-muted px-2.5 py-0.5 text-xs font-bold">
                {headline[request.status]}
              </span>
            </div>
            <p className="text-sm font-semibold" role="status" data-testid="help-progress">
              {winner
                ? `${winner.businessName} accepted: see the job below.`
                : helpProgress(request)}
            </p>
            <ul className="grid gap-1 text-sm">
              {request.invites.map((invite) => (
                <li key={invite.providerId} className="flex justify-between gap-2">
                  <span>{invite.businessName}</span>
                  <span className="text-muted-foreground">{inviteLabel[invite.status]}</span>
                </li>
              ))}
            </ul>
            {request.status === 'open' ? (
              <Button
                variant="outline"
                disabled={cancel.isPending}
                onClick={() => stop(request.id)}
              >
                Stop asking
              </Button>
            ) : null}
          </Card>
        );
      })}
    </section>
  );
}
