import { Headset, Mail, Phone } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { featureGateMessage, hasFeature } from '#core/billing/plan-features.ts';
import type { PlanType } from '#core/billing/plans.ts';
import type { AccountManager, SupportRequest } from '#core/support/schemas.ts';
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
import { textOf, useMessage, useText } from '#web/lib/i18n.ts';
import { useFormat } from '#web/lib/format.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { useLabel } from '#web/lib/labels.ts';
import { telHref } from '#web/lib/tel-href.ts';
import {
  useAccountManager,
  useBusinessBookings,
  useSendSupportRequest,
  useSupportRequests,
} from '../api/use-support.ts';
import type supportEn from '../locales/support.en.ts';
import type { SupportRequestForm } from '../support-request-form-schema.ts';
import { supportText } from '../text.ts';

/** The key of the plan's support level: Premium and Enterprise are answered first, 24/7. */
export const supportLevelOf = (plan: PlanType | null) =>
  hasFeature(plan, 'prioritySupport') ? 'prioritySupport' : 'standardSupport';

function ManagerCard({ plan }: { plan: PlanType | null }) {
  const t = useText(supportText);
  const message = useMessage();
  const enterprise = hasFeature(plan, 'accountManager');
  const manager = useAccountManager(enterprise);
  if (!enterprise)
    return (
      <Card className="grid gap-3 p-4">
        <h3 className="font-bold">{t('accountManager')}</h3>
        <p className="text-sm text-muted-foreground">
          {message(featureGateMessage('accountManager'))}
        </p>
        <Link
          href="/profile?tab=billing"
          className={buttonVariants({
            variant: 'outline',
            size: 'sm',
            className: 'justify-self-start',
          })}
        >
          {t('upgrade')}
        </Link>
      </Card>
    );
  if (manager.isPending)
    return (
      <div
        className="h-24 animate-pulse rounded-xl bg-muted"
        role="status"
        aria-label={t('loadingManager')}
      />
    );
  if (manager.isError) return <FormError message={t('managerFailed')} />;
  return <ManagerDetails manager={manager.data} />;
}

function ManagerDetails({ manager }: { manager: AccountManager }) {
  const t = useText(supportText);
  return (
    <Card className="grid gap-2 p-4" aria-label={t('yourManager')}>
      <h3 className="font-bold">{t('yourManager')}</h3>
      {manager ? (
        <>
          <p className="font-semibold" translate="no">
            {manager.name}
          </p>
          <a
            className="flex items-center gap-2 text-sm text-primary underline"
            href={`mailto:${manager.email}`}
            translate="no"
          >
            <Mail className="size-4" aria-hidden />
            {manager.email}
          </a>
          {manager.phone ? (
            <a
              className="flex items-center gap-2 text-sm text-primary underline"
              href={telHref(manager.phone)}
              translate="no"
            >
              <Phone className="size-4" aria-hidden />
              {manager.phone}
            </a>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t('managerBeingAssigned')}</p>
      )}
    </Card>
  );
}

const resolver = lazyResolver(() =>
  import('../support-request-form-schema.ts').then((m) => m.supportRequestFormSchema),
);

function RequestForm() {
  const t = useText(supportText);
  const label = useLabel();
  const f = useFormat();
  const send = useSendSupportRequest();
  const bookings = useBusinessBookings();
  const [serverError, setServerError] = useState<string>();
  const form = useForm<SupportRequestForm>({
    resolver,
    defaultValues: { subject: '', message: '', bookingId: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    try {
      await send.mutateAsync({ ...values, bookingId: values.bookingId || null });
      form.reset();
      const text = textOf(supportText);
      toast({
        title: text('requestSent'),
        description: text('requestSentDetail'),
        variant: 'success',
      });
    } catch (error) {
      setServerError(showServerErrors(error, form.setError));
    }
  });

  return (
    <Card className="p-4">
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t('contactSupport')}>
        <h3 className="font-bold">{t('writeToUs')}</h3>
        <FormError message={serverError} />
        <fieldset className="grid gap-4" disabled={send.isPending}>
          <Field label={t('subject')} error={errors.subject?.message}>
            {(ids) => <Input {...ids} maxLength={120} {...form.register('subject')} />}
          </Field>
          <Field label={t('message')} error={errors.message?.message}>
            {(ids) => <Textarea {...ids} rows={5} maxLength={4000} {...form.register('message')} />}
          </Field>
          <Field
            label={t('bookingOptional')}
            error={errors.bookingId?.message}
            hint={bookings.isError ? t('bookingsFailed') : undefined}
          >
            {(ids) => (
              <NativeSelect {...ids} {...form.register('bookingId')}>
                <option value="">{t('noBooking')}</option>
                {(bookings.data ?? []).map((booking) => (
                  <option key={booking.id} value={booking.id}>
                    {label('service', booking.serviceType)} ·{' '}
                    {f.dateTime(booking.preferredDate ?? booking.createdAt)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </fieldset>
        <Button type="submit" disabled={send.isPending} className="justify-self-start">
          {send.isPending ? t('sending') : t('send')}
        </Button>
      </form>
    </Card>
  );
}

const statusLooks = {
  open: { labelKey: 'statusOpen', variant: 'secondary' },
  answered: { labelKey: 'statusAnswered', variant: 'success' },
  closed: { labelKey: 'statusClosed', variant: 'outline' },
} as const satisfies Record<
  SupportRequest['status'],
  { labelKey: keyof typeof supportEn; variant: 'success' | 'secondary' | 'outline' }
>;

function RequestItem({ request }: { request: SupportRequest }) {
  const t = useText(supportText);
  const f = useFormat();
  const look = statusLooks[request.status];
  return (
    <li className="grid gap-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold" translate="no">
          {request.subject}
        </h4>
        <Badge variant={look.variant}>{t(look.labelKey)}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        <span translate="no">{request.senderName}</span> · {f.dateTime(request.createdAt)}
      </p>
      <p className="whitespace-pre-line text-sm" translate="no">
        {request.message}
      </p>
      {request.replies.map((reply) => (
        <div key={reply.id} className="grid gap-1 rounded-lg bg-muted p-3">
          <p className="text-xs font-semibold">
            {t('replied', {
              name: reply.adminName ?? t('support'),
              date: f.dateTime(reply.createdAt),
            })}
          </p>
          <p className="whitespace-pre-line text-sm" translate="no">
            {reply.message}
          </p>
        </div>
      ))}
    </li>
  );
}

function RequestList() {
  const t = useText(supportText);
  const requests = useSupportRequests();
  if (requests.isPending)
    return (
      <div
        className="h-32 animate-pulse rounded-xl bg-muted"
        role="status"
        aria-label={t('loadingRequests')}
      />
    );
  if (requests.isError)
    return (
      <div className="grid gap-2">
        <FormError message={t('requestsFailed')} />
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void requests.refetch()}
        >
          {t('tryAgain')}
        </Button>
      </div>
    );
  if (requests.data.length === 0)
    return <p className="text-sm text-muted-foreground">{t('noRequests')}</p>;
  return (
    <ul className="grid gap-3" aria-label={t('yourRequests')}>
      {requests.data.map((request) => (
        <RequestItem key={request.id} request={request} />
      ))}
    </ul>
  );
}

/** The provider's Support tab: account manager, support level, a request form and the requests. */
export default function SupportTab() {
  const t = useText(supportText);
  const context = useTeamContext();
  const plan = context.data?.plan ?? null;
  return (
    <div className="grid gap-4">
      <Card className="flex items-center gap-3 p-4">
        <Headset className="size-6 shrink-0 text-primary" aria-hidden />
        <div>
          <h3 className="font-bold">{t(context.isPending ? 'support' : supportLevelOf(plan))}</h3>
          <p className="text-sm text-muted-foreground">
            {t(hasFeature(plan, 'prioritySupport') ? 'priorityIntro' : 'standardIntro')}
          </p>
        </div>
      </Card>
      {context.isPending ? null : <ManagerCard plan={plan} />}
      <RequestForm />
      <section className="grid gap-3" aria-labelledby="support-requests-heading">
        <h3 id="support-requests-heading" className="font-bold">
          {t('yourRequests')}
        </h3>
        <RequestList />
      </section>
    </div>
  );
}
