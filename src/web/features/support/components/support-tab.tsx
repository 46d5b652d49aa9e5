import { zodResolver } from '@hookform/resolvers/zod';
import { Headset, Mail, Phone } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { z } from 'zod';
import { featureGateMessage, hasFeature } from '#core/billing/plan-features.ts';
import type { PlanType } from '#core/billing/plans.ts';
import {
  createSupportRequestSchema,
  type AccountManager,
  type SupportRequest,
} from '#core/support/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Card } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { showServerErrors } from '#web/features/registration/index.ts';
import { useTeamContext } from '#web/features/team/index.ts';
import { telHref } from '#web/lib/tel-href.ts';
import {
  useAccountManager,
  useBusinessBookings,
  useSendSupportRequest,
  useSupportRequests,
} from '../api/use-support.ts';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What the plan's support is: Premium and Enterprise are answered first, around the clock. */
export const supportLevelOf = (plan: PlanType | null) =>
  hasFeature(plan, 'prioritySupport') ? '24/7 priority support' : 'Standard support';

function ManagerCard({ plan }: { plan: PlanType | null }) {
  const enterprise = hasFeature(plan, 'accountManager');
  const manager = useAccountManager(enterprise);
  if (!enterprise)
    return (
      <Card className="grid gap-3 p-4">
        <h3 className="font-bold">Account manager</h3>
        <p className="text-sm text-muted-foreground">{featureGateMessage('accountManager')}</p>
        <Link
          href="/profile?tab=billing"
          className={buttonVariants({
            variant: 'outline',
            size: 'sm',
            className: 'justify-self-start',
          })}
        >
          Upgrade
        </Link>
      </Card>
    );
  if (manager.isPending)
    return (
      <div
        className="h-24 animate-pulse rounded-xl bg-muted"
        role="status"
        aria-label="Loading account manager"
      />
    );
  if (manager.isError)
    return <FormError message="Could not load your account manager. Please try again." />;
  return <ManagerDetails manager={manager.data} />;
}

function ManagerDetails({ manager }: { manager: AccountManager }) {
  return (
    <Card className="grid gap-2 p-4" aria-label="Your account manager">
      <h3 className="font-bold">Your account manager</h3>
      {manager ? (
        <>
          <p className="font-semibold">{manager.name}</p>
          <a
            className="flex items-center gap-2 text-sm text-primary underline"
            href={`mailto:${manager.email}`}
          >
            <Mail className="size-4" aria-hidden />
            {manager.email}
          </a>
          {manager.phone ? (
            <a
              className="flex items-center gap-2 text-sm text-primary underline"
              href={telHref(manager.phone)}
            >
              <Phone className="size-4" aria-hidden />
              {manager.phone}
            </a>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          Your account manager is being assigned. Until then, write to us below.
        </p>
      )}
    </Card>
  );
}

/** The form's booking select holds '' for "no booking". */
const formSchema = createSupportRequestSchema.extend({ bookingId: z.string() });
type FormValues = z.infer<typeof formSchema>;

function RequestForm() {
  const send = useSendSupportRequest();
  const bookings = useBusinessBookings();
  const [serverError, setServerError] = useState<string>();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { subject: '', message: '', bookingId: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      await send.mutateAsync({ ...values, bookingId: values.bookingId || null });
      form.reset();
      toast({ title: 'Request sent', description: 'We will answer you here.', variant: 'success' });
    } catch (error) {
      setServerError(showServerErrors(error, form.setError));
    }
  });

  return (
    <Card className="p-4">
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Contact support">
        <h3 className="font-bold">Write to us</h3>
        <FormError message={serverError} />
        <fieldset className="grid gap-4" disabled={send.isPending}>
          <Field label="Subject" error={errors.subject?.message}>
            {(ids) => <Input {...ids} maxLength={120} {...form.register('subject')} />}
          </Field>
          <Field label="Message" error={errors.message?.message}>
            {(ids) => <Textarea {...ids} rows={5} maxLength={4000} {...form.register('message')} />}
          </Field>
          <Field
            label="Booking (optional)"
            error={errors.bookingId?.message}
            hint={bookings.isError ? 'Your bookings could not be loaded.' : undefined}
          >
            {(ids) => (
              <NativeSelect {...ids} {...form.register('bookingId')}>
                <option value="">No booking</option>
                {(bookings.data ?? []).map((booking) => (
                  <option key={booking.id} value={booking.id}>
                    {booking.serviceType} · {dateTime(booking.preferredDate ?? booking.createdAt)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </fieldset>
        <Button type="submit" disabled={send.isPending} className="justify-self-start">
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </form>
    </Card>
  );
}

const statusLooks: Record<
  SupportRequest['status'],
  { label: string; variant: 'success' | 'secondary' | 'outline' }
> = {
  open: { label: 'Open', variant: 'secondary' },
  answered: { label: 'Answered', variant: 'success' },
  closed: { label: 'Closed', variant: 'outline' },
};

function RequestItem({ request }: { request: SupportRequest }) {
  const look = statusLooks[request.status];
  return (
    <li className="grid gap-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold">{request.subject}</h4>
        <Badge variant={look.variant}>{look.label}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {request.senderName} · {dateTime(request.createdAt)}
      </p>
      <p className="whitespace-pre-line text-sm">{request.message}</p>
      {request.replies.map((reply) => (
        <div key={reply.id} className="grid gap-1 rounded-lg bg-muted p-3">
          <p className="text-xs font-semibold">
            {reply.adminName ?? 'Support'} replied · {dateTime(reply.createdAt)}
          </p>
          <p className="whitespace-pre-line text-sm">{reply.message}</p>
        </div>
      ))}
    </li>
  );
}

function RequestList() {
  const requests = useSupportRequests();
  if (requests.isPending)
    return (
      <div
        className="h-32 animate-pulse rounded-xl bg-muted"
        role="status"
        aria-label="Loading your requests"
      />
    );
  if (requests.isError)
    return (
      <div className="grid gap-2">
        <FormError message="Could not load your requests." />
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void requests.refetch()}
        >
          Try again
        </Button>
      </div>
    );
  if (requests.data.length === 0)
    return <p className="text-sm text-muted-foreground">No requests yet.</p>;
  return (
    <ul className="grid gap-3" aria-label="Your requests">
      {requests.data.map((request) => (
        <RequestItem key={request.id} request={request} />
      ))}
    </ul>
  );
}

/** The provider's Support tab: account manager, support level, a request form and the requests. */
export default function SupportTab() {
  const context = useTeamContext();
  const plan = context.data?.plan ?? null;
  return (
    <div className="grid gap-4">
      <Card className="flex items-center gap-3 p-4">
        <Headset className="size-6 shrink-0 text-primary" aria-hidden />
        <div>
          <h3 className="font-bold">{context.isPending ? 'Support' : supportLevelOf(plan)}</h3>
          <p className="text-sm text-muted-foreground">
            {hasFeature(plan, 'prioritySupport')
              ? 'Your requests are answered first, day and night.'
              : 'We answer in order of arrival. Premium and Enterprise are answered first, 24/7.'}
          </p>
        </div>
      </Card>
      {context.isPending ? null : <ManagerCard plan={plan} />}
      <RequestForm />
      <section className="grid gap-3" aria-labelledby="support-requests-heading">
        <h3 id="support-requests-heading" className="font-bold">
          Your requests
        </h3>
        <RequestList />
      </section>
    </div>
  );
}
