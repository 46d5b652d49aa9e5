import { MapPin, Radio, Siren } from 'lucide-react';
import { urgencyLabels, type TruckPlace } from '#core/bookings/safety.ts';
import type { HelpInvite } from '#core/help-requests/help-request.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { arrivalTargetId, useArrivalFocus } from '#web/lib/use-arrival-focus.ts';
import { useAnswerHelp, useAskedHelp } from '../api/use-help-requests.ts';
import { helpText } from '../text.ts';

/** What a provider reads about a request they no longer can take. */
const closed = {
  taken: 'closedTaken',
  withdrawn: 'closedWithdrawn',
  declined: 'closedDeclined',
  accepted: 'closedAccepted',
} as const satisfies Partial<Record<HelpInvite['status'], string>>;
const closedKey = (status: HelpInvite['status']) =>
  status in closed ? closed[status as keyof typeof closed] : 'closedOther';

/** How long an answered request stays listed, so the provider sees how it ended. */
const SHOWN_AFTER_MS = 30 * 60_000;

/** Requests for help a mechanic's business was asked: the first to accept gets the job. */
export function AskedHelpList({ focusId = null }: { focusId?: string | null }) {
  const t = useText(helpText);
  const label = useLabel();
  const asked = useAskedHelp(true);
  const answer = useAnswerHelp();
  const shown = (asked.data ?? []).filter(
    (i) =>
      i.status === 'asked' || asked.dataUpdatedAt - new Date(i.askedAt).getTime() < SHOWN_AFTER_MS,
  );
  useArrivalFocus(focusId ? arrivalTargetId('help', focusId) : null, shown.length > 0);
  if (!shown.length) return null;

  const reply = (invite: HelpInvite, choice: 'accept' | 'decline') =>
    answer.mutate(
      { id: invite.id, answer: choice },
      {
        onSuccess: () => {
          const text = textOf(helpText);
          toast(
            choice === 'accept'
              ? {
                  title: text('jobIsYours'),
                  description: text('jobConfirmed', {
                    service: label('service', invite.serviceType),
                  }),
                  variant: 'success',
                }
              : { title: text('declined') },
          );
        },
        onError: (error) =>
          toast({
            title: textOf(helpText)('notThisTime'),
            description: error.message,
            variant: 'destructive',
          }),
      },
    );

  // Emergencies (paying plans only: the server marks them) come first, in their own lane.
  const emergencies = shown.filter((i) => i.emergency);
  const others = shown.filter((i) => !i.emergency);

  const cards = (list: HelpInvite[]) => (
    <ul className="grid gap-3 md:grid-cols-2">
      {list.map((invite) => (
        <li key={invite.id}>
          <Card
            id={arrivalTargetId('help', invite.id)}
            tabIndex={invite.id === focusId ? -1 : undefined}
            aria-current={invite.id === focusId ? 'true' : undefined}
            className={cn(
              'grid gap-2 p-4 outline-none',
              invite.emergency && 'border-2 border-destructive',
              invite.id === focusId && 'ring-4 ring-primary ring-offset-2 ring-offset-background',
            )}
            data-testid="asked-help"
          >
            <p className="font-bold leading-tight">{label('service', invite.serviceType)}</p>
            {invite.truckLocation && urgencyLabels[invite.truckLocation as TruckPlace] ? (
              <p
                className="rounded-lg bg-destructive px-3 py-1.5 text-sm font-bold text-destructive-foreground"
                data-testid="urgency"
              >
                {t('besideTraffic', { urgency: label('urgency', invite.truckLocation) })}
              </p>
            ) : null}
            {invite.vehicleDetails ? (
              <p className="text-sm" translate="no">
                {invite.vehicleDetails}
              </p>
            ) : null}
            {invite.location ? (
              <p className="flex items-center gap-1 text-sm text-muted-foreground">
                <MapPin className="size-4" aria-hidden />{' '}
                <span translate="no">{invite.location}</span>
              </p>
            ) : null}
            {invite.status === 'asked' && invite.requestStatus === 'open' ? (
              <div className="grid grid-cols-2 gap-2">
                <Button
                  variant="outline"
                  disabled={answer.isPending}
                  onClick={() => reply(invite, 'decline')}
                >
                  {t('decline')}
                </Button>
                <Button disabled={answer.isPending} onClick={() => reply(invite, 'accept')}>
                  {t('accept')}
                </Button>
              </div>
            ) : (
              <p className="text-sm font-semibold" role="status">
                {t(closedKey(invite.status))}
              </p>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="grid gap-6">
      {emergencies.length ? (
        <section
          aria-labelledby="emergency-title"
          className="grid gap-3"
          data-testid="emergency-lane"
        >
          <h2
            id="emergency-title"
            className="flex items-center gap-2 text-lg font-bold text-destructive"
          >
            <Siren className="size-5" aria-hidden /> {t('emergency')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('emergencyIntro')}</p>
          {cards(emergencies)}
        </section>
      ) : null}
      {others.length ? (
        <section aria-labelledby="asked-title" className="grid gap-3">
          <h2 id="asked-title" className="flex items-center gap-2 text-lg font-bold">
            <Radio className="size-5 text-primary" aria-hidden /> {t('askedTitle')}
          </h2>
          {cards(others)}
        </section>
      ) : null}
    </div>
  );
}
