import { Radio } from 'lucide-react';
import { HELP_RADII_MILES } from '#core/help-requests/help-request-rules.ts';
import type { HelpRequest } from '#core/help-requests/help-request.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { T, textOf, useText, type Translate } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { arrivalTargetId, useArrivalFocus } from '#web/lib/use-arrival-focus.ts';
import { useCancelHelpRequest, useHelpRequests } from '../api/use-help-requests.ts';
import { helpText } from '../text.ts';

/** How long an ended request stays on the page, so the driver sees how it ended. */
const ENDED_SHOWN_MS = 30 * 60_000;

const headline = {
  open: 'open',
  booked: 'booked',
  cancelled: 'cancelled',
  unanswered: 'unanswered',
} as const satisfies Record<HelpRequest['status'], string>;

const inviteLabel = {
  asked: 'inviteAsked',
  declined: 'inviteDeclined',
  accepted: 'inviteAccepted',
  taken: 'inviteTaken',
  withdrawn: 'inviteWithdrawn',
} as const satisfies Record<HelpRequest['invites'][number]['status'], string>;

type HelpKey = NonNullable<(typeof helpText)['keys']>;

/** How far a request got: who was asked, how many declined, and how far it is widening. */
function progress(request: HelpRequest, t: Translate<HelpKey>) {
  const declined = request.invites.filter((i) => i.status === 'declined').length;
  const parts = [t('progressAsked', { count: request.invites.length })];
  if (declined) parts.push(t('progressDeclined', { count: declined }));
  if (request.status === 'open' && request.radiusMiles > HELP_RADII_MILES[0])
    parts.push(t('progressWidening', { miles: request.radiusMiles }));
  return parts.join(' · ');
}

/** A driver's help requests as they unfold: who was asked, who declined, how far it widened. */
export function HelpRequestsPanel({ focusId = null }: { focusId?: string | null }) {
  const t = useText(helpText);
  const label = useLabel();
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
        toast({
          title: textOf(helpText)('stoppedAsking'),
          description: textOf(helpText)('nobodyElse'),
        }),
      onError: (error) =>
        toast({
          title: textOf(helpText)('couldNotStop'),
          description: error.message,
          variant: 'destructive',
        }),
    });

  return (
    <section aria-labelledby="help-title" className="grid gap-3">
      <h2 id="help-title" className="flex items-center gap-2 text-lg font-bold">
        <Radio className="size-5 text-primary" aria-hidden /> {t('panelTitle')}
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
              <p className="font-bold leading-tight">{label('service', request.serviceType)}</p>
              <span className="shrink-0 rounded-full bg-muted px-2.5 py-0.5 text-xs font-bold">
                {t(headline[request.status])}
              </span>
            </div>
            <p className="text-sm font-semibold" role="status" data-testid="help-progress">
              {winner ? (
                <T
                  text={helpText}
                  id="winner"
                  values={{ name: winner.businessName }}
                  components={{ 0: <span translate="no" /> }}
                />
              ) : (
                progress(request, t)
              )}
            </p>
            <ul className="grid gap-1 text-sm">
              {request.invites.map((invite) => (
                <li key={invite.providerId} className="flex justify-between gap-2">
                  <span translate="no">{invite.businessName}</span>
                  <span className="text-muted-foreground">{t(inviteLabel[invite.status])}</span>
                </li>
              ))}
            </ul>
            {request.status === 'open' ? (
              <Button
                variant="outline"
                disabled={cancel.isPending}
                onClick={() => stop(request.id)}
              >
                {t('stopAsking')}
              </Button>
            ) : null}
          </Card>
        );
      })}
    </section>
  );
}
