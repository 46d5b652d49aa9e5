import { useId } from 'react';
import type { Booking } from '#core/bookings/schemas.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { useTeamMembers } from '#web/features/team/index.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { useAssignJob } from '../api/use-bookings.ts';
import { bookingsText } from '../text.ts';

/** The owner's or a dispatcher's choice of who does an open job: a technician, or nobody. */
export function AssignTechnician({ booking }: { booking: Booking }) {
  const t = useText(bookingsText);
  const id = useId();
  const members = useTeamMembers();
  const assign = useAssignJob();
  const technicians = (members.data ?? []).filter((member) => member.role === 'technician');
  const current = booking.technician?.id ?? '';
  // A technician who left the team still shows as the job's until it is given to someone else.
  const missing =
    booking.technician && !technicians.some((t) => t.userId === booking.technician?.id)
      ? booking.technician
      : null;

  const change = (value: string) => {
    const technicianId = value === '' ? null : value;
    assign.mutate(
      { id: booking.id, technicianId },
      {
        onSuccess: () =>
          toast({
            title: textOf(bookingsText)(technicianId ? 'jobAssigned' : 'jobUnassigned'),
            variant: 'success',
          }),
        onError: (error) =>
          toast({
            title: textOf(bookingsText)('assignFailed'),
            description: error.message,
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <div className="grid gap-1" data-testid="assign-technician">
      <label htmlFor={id} className="text-sm font-semibold">
        {t('technicianLabel')}
      </label>
      <select
        id={id}
        value={current}
        disabled={assign.isPending || members.isPending}
        onChange={(event) => change(event.target.value)}
        className="h-11 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <option value="">{t('unassigned')}</option>
        {missing ? (
          <option value={missing.id} translate="no">
            {missing.firstName}
          </option>
        ) : null}
        {technicians.map((technician) => (
          <option key={technician.userId} value={technician.userId} translate="no">
            {technician.name}
          </option>
        ))}
      </select>
      {members.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {t('techniciansFailed', { message: members.error.message })}
        </p>
      ) : null}
    </div>
  );
}
