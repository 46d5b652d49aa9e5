import { UserRound } from 'lucide-react';
import type { ReactElement } from 'react';
import type { FleetJob, FleetTechnician } from '#core/fleet/schemas.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { useText } from '#web/lib/i18n.ts';
import { fleetText } from '../text.ts';
import type { Assign } from './fleet-board.tsx';

/** The Assign menu of a job on the board, open from the start (fleet-board.tsx loads it on the first press). */
export default function AssignMenu({
  job,
  technicians,
  onAssign,
  trigger,
}: {
  job: FleetJob;
  technicians: FleetTechnician[];
  onAssign: Assign;
  trigger: ReactElement;
}) {
  const t = useText(fleetText);
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('assignTo')}</DropdownMenuLabel>
        {technicians.map((technician) => (
          <DropdownMenuItem
            key={technician.id}
            disabled={job.technician?.id === technician.id}
            onSelect={() => onAssign(job.id, technician.id)}
          >
            <UserRound aria-hidden /> <span translate="no">{technician.name}</span>
          </DropdownMenuItem>
        ))}
        {job.technician && (
          <DropdownMenuItem onSelect={() => onAssign(job.id, null)}>
            {t('backToOwner')}
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
