import { Link } from 'wouter';
import type { FleetFigures, FleetTechnician } from '#core/fleet/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import { T, useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { fleetText } from '../text.ts';
import { useJobDrop, type Assign } from './fleet-board.tsx';

const statusVariant = {
  in_progress: 'default',
  confirmed: 'secondary',
  free: 'success',
} as const;

function TechnicianRow({
  technician,
  onAssign,
}: {
  technician: FleetTechnician;
  onAssign: Assign;
}) {
  const t = useText(fleetText);
  const label = useLabel();
  const { over, handlers } = useJobDrop(technician.id, onAssign);
  const job = technician.currentJob;
  return (
    <li
      {...handlers}
      data-technician={technician.id}
      className={cn(
        'grid gap-1 rounded-lg border-2 p-3 text-sm',
        over ? 'border-primary bg-muted' : 'bg-card',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold" translate="no">
          {technician.name}
        </span>
        <Badge variant={statusVariant[technician.status]}>
          {label('technicianStatus', technician.status)}
        </Badge>
      </div>
      <p className="text-muted-foreground">
        {job ? label('service', job.serviceType) : t('noCurrentJob')}
        {job?.place ? (
          <>
            {' · '}
            <span translate="no">{job.place}</span>
          </>
        ) : null}
        {technician.position ? '' : t('noPosition')}
      </p>
    </li>
  );
}

/** The technicians with their status and current job; each row takes a dropped job card. */
export function TechnicianList({
  technicians,
  onAssign,
}: {
  technicians: FleetTechnician[];
  onAssign: Assign;
}) {
  const t = useText(fleetText);
  if (technicians.length === 0)
    return (
      <p className="rounded-xl border-2 border-dashed p-6 text-center">
        <T
          text={fleetText}
          id="noTechnicians"
          components={{
            0: <Link href="/profile?tab=team" className="font-semibold underline" />,
          }}
        />
      </p>
    );
  return (
    <ul className="grid gap-2" aria-label={t('technicians')}>
      {technicians.map((technician) => (
        <TechnicianRow key={technician.id} technician={technician} onAssign={onAssign} />
      ))}
    </ul>
  );
}

/** The month's figures as stat cards. */
export function FleetFigureCards({ figures }: { figures: FleetFigures }) {
  const t = useText(fleetText);
  const f = useFormat();
  const minutes = (value: number | null) =>
    value === null ? '—' : t('minutes', { minutes: f.number(Math.round(value)) });
  const cards = [
    {
      label: t('acceptanceRate'),
      value:
        figures.acceptanceRate === null
          ? '—'
          : f.number(figures.acceptanceRate, { style: 'percent', maximumFractionDigits: 0 }),
      note: t('acceptedOf', {
        accepted: f.number(figures.accepted),
        answered: f.number(figures.answered),
      }),
    },
    {
      label: t('requestToAccept'),
      value: minutes(figures.medianMinutesToAccept),
      note: t('median'),
    },
    {
      label: t('acceptToArrival'),
      value: minutes(figures.medianMinutesToArrive),
      note: t('median'),
    },
    { label: t('completedJobs'), value: f.number(figures.completedJobs), note: t('thisMonth') },
    {
      label: t('revenue'),
      value: f.cents(figures.visitFeeRevenueCents),
      note: t('fromCompletedJobs'),
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 md:grid-cols-3 xl:grid-cols-5">
      {cards.map((card) => (
        <div key={card.label} className="rounded-xl border-2 bg-card p-3">
          <dt className="text-sm text-muted-foreground">{card.label}</dt>
          <dd className="text-2xl font-bold">{card.value}</dd>
          <dd className="text-xs text-muted-foreground">{card.note}</dd>
        </div>
      ))}
    </dl>
  );
}
