import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { featureGateMessage } from '#core/billing/plan-features.ts';
import type { Fleet, FleetTechnician } from '#core/fleet/schemas.ts';
import { ApiError } from '#web/api/transport.ts';
import { Button } from '#web/components/ui/button.tsx';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { useFormat } from '#web/lib/format.ts';
import { textOf, useMessage, useText } from '#web/lib/i18n.ts';
import { onServerEvent, onServerEventsReopened } from '#web/lib/server-events.ts';
import { useTeamContext } from '#web/features/team/index.ts';
import { browserTimeZone, fleetKeys, useAssignJob, useFleet } from '../api/use-fleet.ts';
import { FleetBoard, type Assign } from '../components/fleet-board.tsx';
import { FleetFigureCards, TechnicianList } from '../components/fleet-panels.tsx';
import type { FleetMarker } from '../components/fleet-map.tsx';
import { fleetText } from '../text.ts';

const FleetMap = lazy(() => import('../components/fleet-map.tsx'));

function Skeleton() {
  const t = useText(fleetText);
  return (
    <div className="grid gap-3" aria-busy="true" aria-label={t('loading')}>
      {[20, 72, 48].map((h, i) => (
        <div
          key={i}
          className="animate-pulse rounded-xl bg-muted"
          style={{ height: `${h * 4}px` }}
        />
      ))}
    </div>
  );
}

/**
 * Why the fleet is not shown: the plan's gate, or the server's 403. The way to upgrade is offered
 * to whoever may change the plan (a dispatcher may not).
 */
function Refused({
  message,
  upgrade,
  canUpgrade,
}: {
  message: string;
  upgrade: boolean;
  canUpgrade: boolean;
}) {
  const t = useText(fleetText);
  return (
    <div
      role="alert"
      className="mx-auto grid max-w-md justify-items-center gap-3 py-12 text-center"
    >
      <h2 className="text-xl font-bold">{upgrade ? t('gateTitle') : t('notAvailable')}</h2>
      <p className="text-muted-foreground">{message}</p>
      {upgrade && canUpgrade && (
        <Link href="/profile?tab=billing" className={buttonVariants()}>
          {t('upgrade')}
        </Link>
      )}
    </div>
  );
}

/** Positions pushed by tracking events since the last fetch, by technician. */
type Live = Record<string, { latitude: number; longitude: number; at: string }>;

/** The newest of the fetched position and the pushed one. */
function markersOf(technicians: FleetTechnician[], live: Live): FleetMarker[] {
  return technicians.flatMap((t) => {
    const pushed = live[t.id];
    const position =
      pushed && (!t.position || Date.parse(pushed.at) >= Date.parse(t.position.at))
        ? pushed
        : t.position;
    return position
      ? [
          {
            technicianId: t.id,
            name: t.name,
            latitude: position.latitude,
            longitude: position.longitude,
          },
        ]
      : [];
  });
}

/** "2026-03-01" → "March 2026". */
const monthOptions: Intl.DateTimeFormatOptions = {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
};

export function FleetDashboard({ fleet, onAssign }: { fleet: Fleet; onAssign: Assign }) {
  const t = useText(fleetText);
  const f = useFormat();
  const [live, setLive] = useState<Live>({});
  // A tracking event names the job; the technician on that job moves at once.
  useEffect(
    () =>
      onServerEvent('tracking', (position) => {
        const technician = fleet.technicians.find((t) => t.currentJob?.id === position.bookingId);
        if (!technician) return;
        setLive((current) => ({
          ...current,
          [technician.id]: {
            latitude: position.latitude,
            longitude: position.longitude,
            at: position.recordedAt,
          },
        }));
      }),
    [fleet.technicians],
  );
  const markers = useMemo(() => markersOf(fleet.technicians, live), [fleet.technicians, live]);

  return (
    <div className="grid gap-6">
      <section className="grid gap-2" aria-labelledby="fleet-month-title">
        <h2 id="fleet-month-title" className="text-lg font-semibold">
          {f.date(`${fleet.figures.month}T00:00:00Z`, monthOptions)}
        </h2>
        <FleetFigureCards figures={fleet.figures} />
      </section>
      <div className="grid gap-4 md:grid-cols-3">
        <section
          className="grid content-start gap-2 md:col-span-2"
          aria-labelledby="fleet-map-title"
        >
          <h2 id="fleet-map-title" className="text-lg font-semibold">
            {t('map')}
          </h2>
          {markers.length > 0 ? (
            <Suspense fallback={<div className="h-72 animate-pulse rounded-xl bg-muted md:h-96" />}>
              <FleetMap markers={markers} />
            </Suspense>
          ) : (
            <p className="rounded-xl border-2 border-dashed p-6 text-center">{t('noPositions')}</p>
          )}
        </section>
        <section className="grid content-start gap-2" aria-labelledby="fleet-technicians-title">
          <h2 id="fleet-technicians-title" className="text-lg font-semibold">
            {t('technicians')}
          </h2>
          <TechnicianList technicians={fleet.technicians} onAssign={onAssign} />
        </section>
      </div>
      <section className="grid gap-2" aria-labelledby="fleet-board-title">
        <h2 id="fleet-board-title" className="text-lg font-semibold">
          {t('todaysJobs')}{' '}
          <span className="text-sm font-normal text-muted-foreground" translate="no">
            {fleet.date} · {fleet.timeZone}
          </span>
        </h2>
        <FleetBoard
          jobs={fleet.jobs}
          technicians={fleet.technicians}
          timeZone={fleet.timeZone}
          onAssign={onAssign}
        />
      </section>
    </div>
  );
}

/** /fleet: an Enterprise business's technicians, today's jobs and the month (owner, dispatcher). */
export default function FleetPage() {
  const t = useText(fleetText);
  const message = useMessage();
  const [tz] = useState(browserTimeZone);
  // The business's plan is known (the app frame asks for it): without the fleet, the page says so
  // without asking for a board the server would refuse.
  const team = useTeamContext();
  const gated = team.data ? !team.data.features.includes('fleet') : false;
  const canUpgrade = team.data?.role !== 'dispatcher';
  const query = useFleet(tz, !team.isPending && !gated);
  const client = useQueryClient();
  const assign = useAssignJob();

  useEffect(() => {
    const refetch = () => void client.invalidateQueries({ queryKey: fleetKeys.all });
    const offBooking = onServerEvent('booking', refetch);
    const offReopen = onServerEventsReopened(refetch);
    return () => {
      offBooking();
      offReopen();
    };
  }, [client]);

  const onAssign = useCallback<Assign>(
    (id, technicianId) =>
      assign.mutate(
        { id, technicianId },
        {
          onSuccess: () => toast({ title: textOf(fleetText)('jobAssigned'), variant: 'success' }),
          onError: (error) =>
            toast({
              title: textOf(fleetText)('couldNotAssign'),
              description: error.message,
              variant: 'destructive',
            }),
        },
      ),
    [assign],
  );

  return (
    <main className="mx-auto grid max-w-7xl gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      {gated ? (
        <Refused message={message(featureGateMessage('fleet'))} upgrade canUpgrade={canUpgrade} />
      ) : query.isPending ? (
        <Skeleton />
      ) : query.error ? (
        query.error instanceof ApiError &&
        (query.error.status === 403 || query.error.status === 404) ? (
          <Refused
            message={query.error.message}
            // The server says it in the app's language: the plan's refusal in English or as translated.
            upgrade={
              /Upgrade in Profile/.test(query.error.message) ||
              query.error.message === message(featureGateMessage('fleet'))
            }
            canUpgrade={canUpgrade}
          />
        ) : (
          <div role="alert" className="grid justify-items-start gap-2">
            <p>{t('loadFailed', { message: query.error.message })}</p>
            <Button variant="outline" onClick={() => void query.refetch()}>
              {t('tryAgain')}
            </Button>
          </div>
        )
      ) : (
        <FleetDashboard fleet={query.data} onAssign={onAssign} />
      )}
    </main>
  );
}
