import { Link } from 'wouter';
import { technicianStatusLabels } from '#core/fleet/board.ts';
import type { FleetFigures, FleetTechnician } from '#core/fleet/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';
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
  const { over, handlers } = useJobDrop(technician.id, onAssign);
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
        <span className="font-semibold">{technician.name}</span>
        <Badge variant={statusVariant[technician.status]}>
          {technicianStatusLabels[technician.status]}
        </Badge>
      </div>
      <p className="text-muted-foreground">
        {technician.currentJob
          ? `${technician.currentJob.serviceType}${technician.currentJob.place ? ` · ${technician.currentJob.place}` : ''}`
          : 'No current job'}
        {technician.position ? '' : ' · No position yet'}
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
  if (technicians.length === 0)
    return (
      <p className="rounded-xl border-2 border-dashed p-6 text-center">
        No technicians yet — invite them in{' '}
        <Link href="/profile?tab=team" className="font-semibold underline">
          Profile → Team
        </Link>
      </p>
    );
  return (
    <ul className="grid gap-2" aria-label="Technicians">
      {technicians.map((t) => (
        <TechnicianRow key={t.id} technician={t} onAssign={onAssign} />
      ))}
    </ul>
  );
}

const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const minutes = (value: number | null) => (value === null ? '—' : `${Math.round(value)} min`);

/** The month's figures as stat cards. */
export function FleetFigureCards({ figures }: { figures: FleetFigures }) {
  const cards = [
    {
      label: 'Acceptance rate',
      value: figures.acceptanceRate === null ? '—' : `${Math.round(figures.acceptanceRate * 100)}%`,
      note: `${figures.accepted} of ${figures.answered} answered requests accepted`,
    },
    { label: 'Request to accept', value: minutes(figures.medianMinutesToAccept), note: 'median' },
    { label: 'Accept to arrival', value: minutes(figures.medianMinutesToArrive), note: 'median' },
    { label: 'Completed jobs', value: String(figures.completedJobs), note: 'this month' },
    {
      label: 'Visit-fee revenue',
      value: money(figures.visitFeeRevenueCents),
      note: 'completed jobs',
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
