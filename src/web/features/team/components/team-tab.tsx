import { Mail, Phone, UserMinus, Users } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CreateTeamInviteInput, TeamMember } from '#core/team/schemas.ts';
import { teamRoles } from '#core/users/roles.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import {
  errorText,
  SectionLoadError,
  SectionLoading,
} from '#web/components/section-load-states.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError } from '#web/api/transport.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { useLabel } from '#web/lib/labels.ts';
import { teamText } from '../text.ts';
import {
  useInviteMember,
  useRemoveMember,
  useRevokeInvite,
  useTeamContext,
  useTeamInvites,
  useTeamMembers,
} from '../api/use-team.ts';

/** Whole hours left before an invitation's link stops working (at least 1 while it works). */
export const hoursLeft = (expiresAt: string, now = Date.now()) =>
  Math.max(1, Math.ceil((Date.parse(expiresAt) - now) / 3_600_000));

const roleDescriptions = {
  dispatcher: 'dispatcherDescription',
  technician: 'technicianDescription',
} as const satisfies Record<(typeof teamRoles)[number], string>;

const resolver = lazyResolver(() =>
  import('#core/team/schemas.ts').then((m) => m.createTeamInviteSchema),
);

function InviteForm() {
  const t = useText(teamText);
  const label = useLabel();
  const invite = useInviteMember();
  const [serverError, setServerError] = useState<string>();
  const form = useForm<CreateTeamInviteInput>({
    resolver,
    defaultValues: { email: '', role: 'technician' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    setServerError(undefined);
    invite.mutate(values, {
      onSuccess: () => {
        toast({
          title: textOf(teamText)('invitationSent'),
          description: textOf(teamText)('invitationSentNote', { email: values.email }),
          variant: 'success',
        });
        form.reset({ email: '', role: values.role });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields.email)
          form.setError('email', { type: 'server', message: error.fields.email });
        else if (error instanceof ApiError && error.status === 409)
          form.setError('email', { type: 'server', message: error.message });
        else setServerError(errorText(error));
      },
    });
  });
  return (
    <Card className="grid gap-4 p-4">
      <div>
        <h2 className="text-lg font-bold">{t('inviteTitle')}</h2>
        <p className="text-sm text-muted-foreground">{t('inviteIntro')}</p>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t('inviteForm')}>
        <Field label={t('email')} error={errors.email?.message}>
          {(ids) => (
            <Input
              {...ids}
              type="email"
              autoComplete="off"
              inputMode="email"
              {...form.register('email')}
            />
          )}
        </Field>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t('role')}</legend>
          {teamRoles.map((role) => (
            <label
              key={role}
              className="flex cursor-pointer items-start gap-3 rounded-lg border p-3"
            >
              <input type="radio" value={role} className="mt-1 size-4" {...form.register('role')} />
              <span className="grid gap-0.5">
                <span className="font-semibold">{label('role', role)}</span>
                <span className="text-sm text-muted-foreground">{t(roleDescriptions[role])}</span>
              </span>
            </label>
          ))}
          {errors.role?.message ? (
            <p className="text-sm font-medium text-destructive" role="alert">
              {errors.role.message}
            </p>
          ) : null}
        </fieldset>
        <FormError message={serverError} />
        <Button type="submit" disabled={invite.isPending} className="sm:justify-self-start">
          {invite.isPending ? t('sending') : t('sendInvitation')}
        </Button>
      </form>
    </Card>
  );
}

function PendingInvites() {
  const t = useText(teamText);
  const label = useLabel();
  const invites = useTeamInvites();
  const revoke = useRevokeInvite();
  return (
    <Card className="grid gap-3 p-4">
      <h2 className="text-lg font-bold">{t('pendingInvitations')}</h2>
      {invites.isPending ? (
        <SectionLoading height={24} label={t('loadingInvitations')} />
      ) : invites.isError ? (
        <SectionLoadError error={invites.error} onRetry={() => void invites.refetch()} />
      ) : invites.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('noInvitations')}</p>
      ) : (
        <ul className="grid gap-2">
          {invites.data.map((invite) => (
            <li
              key={invite.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border p-3"
            >
              <span className="w-full font-medium wrap-anywhere sm:w-auto sm:flex-1" translate="no">
                {invite.email}
              </span>
              <Badge variant="secondary">{label('role', invite.role)}</Badge>
              <span className="text-sm text-muted-foreground">
                {t('expiresIn', { hours: hoursLeft(invite.expiresAt) })}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={revoke.isPending && revoke.variables === invite.id}
                aria-label={t('revokeInvitation', { email: invite.email })}
                onClick={() =>
                  revoke.mutate(invite.id, {
                    onError: (error) =>
                      toast({
                        title: textOf(teamText)('couldNotRevoke'),
                        description: errorText(error),
                        variant: 'destructive',
                      }),
                  })
                }
              >
                {t('revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function RemoveDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const t = useText(teamText);
  const remove = useRemoveMember();
  return (
    <Dialog open onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>{t('removeTitle', { name: member.name })}</DialogTitle>
        <DialogDescription>{t('removeNote')}</DialogDescription>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="outline" disabled={remove.isPending} onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(member.userId, {
                onSuccess: () => {
                  toast({
                    title: textOf(teamText)('memberRemoved'),
                    description: member.name,
                    variant: 'success',
                  });
                  onClose();
                },
                onError: (error) =>
                  toast({
                    title: textOf(teamText)('couldNotRemove'),
                    description: errorText(error),
                    variant: 'destructive',
                  }),
              })
            }
          >
            {remove.isPending ? t('removing') : t('remove')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Members() {
  const t = useText(teamText);
  const label = useLabel();
  const members = useTeamMembers();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  return (
    <Card className="grid gap-3 p-4">
      <h2 className="text-lg font-bold">{t('teamMembers')}</h2>
      {members.isPending ? (
        <SectionLoading height={24} label={t('loadingMembers')} />
      ) : members.isError ? (
        <SectionLoadError error={members.error} onRetry={() => void members.refetch()} />
      ) : members.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('noMembers')}</p>
      ) : (
        <ul className="grid gap-2">
          {members.data.map((member) => (
            <li
              key={member.userId}
              className="grid gap-2 rounded-lg border p-3 sm:flex sm:items-center"
            >
              <div className="grid min-w-0 flex-1 gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold" translate="no">
                    {member.name}
                  </span>
                  <Badge variant="secondary">{label('role', member.role)}</Badge>
                </div>
                <span className="flex items-center gap-1 break-all text-sm text-muted-foreground">
                  <Mail className="size-4 shrink-0" aria-hidden />
                  <span translate="no">{member.email}</span>
                </span>
                <span className="flex items-center gap-1 text-sm text-muted-foreground">
                  <Phone className="size-4 shrink-0" aria-hidden />
                  <span translate="no">{member.phone}</span>
                </span>
              </div>
              <Button
                variant="outline"
                size="sm"
                aria-label={t('removeNamed', { name: member.name })}
                onClick={() => setRemoving(member)}
              >
                <UserMinus className="size-4" aria-hidden />
                {t('remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {removing ? <RemoveDialog member={removing} onClose={() => setRemoving(null)} /> : null}
    </Card>
  );
}

/** On a plan without team accounts: the gate line and the way to Billing, never a dead form. */
function UpgradeCard({ onUpgrade }: { onUpgrade: () => void }) {
  const t = useText(teamText);
  return (
    <Card className="grid justify-items-start gap-3 p-4">
      <div className="flex items-center gap-2">
        <Users className="size-5 text-primary" aria-hidden />
        <h2 className="text-lg font-bold">{t('teamAccounts')}</h2>
      </div>
      <p>{t('teamGate')}</p>
      <Button onClick={onUpgrade}>{t('upgrade')}</Button>
    </Card>
  );
}

/**
 * The owner's Team tab: on a plan with team accounts, the invitation form, the invitations
 * still waiting and the members; on any other plan, the way to upgrade.
 */
export default function TeamTab({ onUpgrade }: { onUpgrade: () => void }) {
  const t = useText(teamText);
  const context = useTeamContext();
  if (context.isPending) return <SectionLoading height={24} label={t('loadingTeam')} />;
  if (context.isError)
    return <SectionLoadError error={context.error} onRetry={() => void context.refetch()} />;
  if (!context.data?.features.includes('team')) return <UpgradeCard onUpgrade={onUpgrade} />;
  return (
    <div className="grid gap-4">
      <InviteForm />
      <PendingInvites />
      <Members />
    </div>
  );
}
