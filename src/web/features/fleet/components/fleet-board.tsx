import { ChevronDown } from 'lucide-react';
import { lazy, startTransition, Suspense, useState, type DragEvent } from 'react';
import { boardColumns } from '#core/fleet/board.ts';
import type { FleetJob, FleetTechnician } from '#core/fleet/schemas.ts';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { fleetText } from '../text.ts';

/** The drag's data type: a job's id, dropped on a technician. */
export const JOB_DRAG_TYPE = 'application/x-truck-finder-job';

/** Jobs that can still change hands: not finished. */
export const assignable = (job: FleetJob) => job.status === 'pending' || job.status === 'confirmed';

export type Assign = (jobId: string, technicianId: string | null) => void;

// The menu (Radix, with its positioning) is loaded by the first press, not with the board.
const loadAssignMenu = () => import('./assign-menu.tsx');
const AssignMenu = lazy(loadAssignMenu);

/** Assign: a button until first pressed, then the menu, open (assign-menu.tsx). */
function AssignButton({
  job,
  technicians,
  onAssign,
}: {
  job: FleetJob;
  technicians: FleetTechnician[];
  onAssign: Assign;
}) {
  const t = useText(fleetText);
  const label = useLabel();
  const [wanted, setWanted] = useState(false);
  // In a transition the button stays (and keeps focus) until the menu's code has arrived.
  const open = () => startTransition(() => setWanted(true));
  const button = (
    <button
      type="button"
      className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'gap-1')}
      aria-label={t('assignLabel', {
        service: label('service', job.serviceType),
        driver: job.driverFirstName,
      })}
      aria-haspopup="menu"
      onPointerEnter={() => void loadAssignMenu().catch(() => undefined)}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') event.preventDefault();
        if (['Enter', ' ', 'ArrowDown'].includes(event.key)) open();
      }}
    >
      {t('assign')} <ChevronDown aria-hidden className="size-4" />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <AssignMenu job={job} technicians={technicians} onAssign={onAssign} trigger={button} />
    </Suspense>
  );
}

function JobCard({
  job,
  technicians,
  timeZone,
  onAssign,
}: {
  job: FleetJob;
  technicians: FleetTechnician[];
  timeZone: string;
  onAssign: Assign;
}) {
  const t = useText(fleetText);
  const f = useFormat();
  const label = useLabel();
  const movable = assignable(job) && technicians.length > 0;
  return (
    <li
      className="grid gap-1 rounded-lg border-2 bg-card p-3 text-sm shadow-sm"
      draggable={movable}
      data-job={job.id}
      onDragStart={(event: DragEvent) => {
        event.dataTransfer.setData(JOB_DRAG_TYPE, job.id);
        event.dataTransfer.setData('text/plain', job.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold">{label('service', job.serviceType)}</p>
        <span className="text-muted-foreground">
          {f.date(job.createdAt, { hour: 'numeric', minute: '2-digit', timeZone })}
        </span>
      </div>
      <p translate="no">{job.driverFirstName}</p>
      {job.place && (
        <p className="text-muted-foreground" translate="no">
          {job.place}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        {job.technician ? (
          <span className="text-muted-foreground" translate="no">
            {job.technician.name}
          </span>
        ) : (
          <span className="text-muted-foreground">{t('unassigned')}</span>
        )}
        {movable && <AssignButton job={job} technicians={technicians} onAssign={onAssign} />}
      </div>
    </li>
  );
}

/** Today's jobs in columns by status; each open card is assigned by drag or by its menu. */
export function FleetBoard({
  jobs,
  technicians,
  timeZone,
  onAssign,
}: {
  jobs: FleetJob[];
  technicians: FleetTechnician[];
  timeZone: string;
  onAssign: Assign;
}) {
  const t = useText(fleetText);
  const label = useLabel();
  if (jobs.length === 0)
    return <p className="rounded-xl border-2 border-dashed p-6 text-center">{t('noJobs')}</p>;
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {boardColumns.map((status) => {
        const column = jobs.filter((job) => job.status === status);
        return (
          <section
            key={status}
            aria-labelledby={`fleet-column-${status}`}
            className="grid content-start gap-2 rounded-xl bg-muted p-2"
            data-column={status}
          >
            <h3 id={`fleet-column-${status}`} className="px-1 font-semibold">
              {label('bookingStatus', status)}{' '}
              <span className="text-muted-foreground">({column.length})</span>
            </h3>
            <ul className="grid gap-2">
              {column.map((job) => (
                <JobCard
                  key={job.id}
                  job={job}
                  technicians={technicians}
                  timeZone={timeZone}
                  onAssign={onAssign}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** A technician's row as a drop target for a dragged job card. */
export function useJobDrop(technicianId: string, onAssign: Assign) {
  const [over, setOver] = useState(false);
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!event.dataTransfer.types.includes(JOB_DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        setOver(false);
        const jobId = event.dataTransfer.getData(JOB_DRAG_TYPE);
        if (!jobId) return;
        event.preventDefault();
        onAssign(jobId, technicianId);
      },
    },
  };
}
