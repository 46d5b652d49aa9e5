import { useState, type FormEvent } from 'react';
import type { PlanType } from '#core/billing/plans.ts';
import type { AdminSupportRequest } from '#core/support/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useReplySupport, useSupportQueue } from '../api/use-support-queue.ts';
import { useAdminDates } from '../admin-format.ts';
import { T, textOf, useText, type Translate } from '#web/lib/i18n.ts';
import { adminSupportText } from '../support-text.ts';

type SupportKey = NonNullable<(typeof adminSupportText)['keys']>;

type QueueStatus = 'open' | 'answered' | 'all';

const planLabel: Record<PlanType, string> = {
  enterprise: 'Enterprise',
  premium: 'Premium',
  basic: 'Basic',
};

/** "3 h", "2 d": how long a request has waited (or waited until answered). */
export function supportAge(
  createdAt: string,
  now = Date.now(),
  t: Translate<SupportKey> = textOf(adminSupportText),
): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  if (minutes < 60) return t('ageMinutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('ageHours', { count: hours });
  return t('ageDays', { count: Math.floor(hours / 24) });
}

function ReplyDialog({ request, onClose }: { request: AdminSupportRequest; onClose: () => void }) {
  const t = useText(adminSupportText);
  const reply = useReplySupport();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = message.trim();
    const problem =
      text.length < 10
        ? 'Message must be at least 10 characters'
        : text.length > 4000
          ? 'Message must be at most 4000 characters'
          : /[<>]/.test(text)
            ? 'Message cannot contain < or >'
            : undefined;
    setError(problem);
    setFormError(undefined);
    if (problem) return;
    reply.mutate(
      { id: request.id, message: text },
      {
        onSuccess: () => {
          toast({
            title: textOf(adminSupportText)('replySent'),
            description: textOf(adminSupportText)('isNotified', { name: request.sender.name }),
            variant: 'success',
          });
          onClose();
        },
        onError: (failure) => setFormError(failure.message),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !reply.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>
          <T
            text={adminSupportText}
            id="replyTo"
            values={{ name: request.businessName }}
            components={{ 0: <span translate="no" /> }}
          />
        </DialogTitle>
        <DialogDescription>
          <T
            text={adminSupportText}
            id="replyIntro"
            values={{ subject: request.subject, name: request.sender.name }}
            components={{ 0: <span translate="no" />, 1: <span translate="no" /> }}
          />
        </DialogDescription>
        <form noValidate onSubmit={submit} className="grid gap-3">
          <Field label={t('reply')} error={error}>
            {(props) => (
              <Textarea
                {...props}
                rows={6}
                value={message}
                maxLength={4000}
                onChange={(e) => setMessage(e.target.value)}
              />
            )}
          </Field>
          <FormError message={formError} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={reply.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={reply.isPending}>
              {reply.isPending ? t('sending') : t('sendReply')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RequestCard({
  request,
  onReply,
}: {
  request: AdminSupportRequest;
  onReply: (request: AdminSupportRequest) => void;
}) {
  const t = useText(adminSupportText);
  const { dateTime } = useAdminDates();
  return (
    <li className="grid gap-2 rounded-lg border bg-card p-4" data-request={request.id}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={request.plan === 'basic' ? 'outline' : 'default'}>
          {request.plan ? <span translate="no">{planLabel[request.plan]}</span> : t('noPlan')}
        </Badge>
        {request.mine ? <Badge variant="secondary">{t('yourBusiness')}</Badge> : null}
        <Badge variant={request.status === 'answered' ? 'success' : 'outline'}>
          {t(
            request.status === 'answered'
              ? 'isAnswered'
              : request.status === 'open'
                ? 'isOpen'
                : 'closed',
          )}
        </Badge>
        <span className="text-xs text-muted-foreground">
          {t('waiting', { age: supportAge(request.createdAt, undefined, t) })} ·{' '}
          {dateTime(request.createdAt)}
        </span>
      </div>
      <h3 className="font-semibold" translate="no">
        {request.subject}
      </h3>
      <p className="text-sm text-muted-foreground">
        <span translate="no">
          {request.businessName} · {request.sender.name} ({request.sender.email})
        </span>
        {request.bookingId ? ` · ${t('bookingId', { id: request.bookingId.slice(0, 8) })}` : ''}
      </p>
      <p className="text-sm whitespace-pre-wrap" translate="no">
        {request.message}
      </p>
      {request.replies.map((reply) => (
        <div key={reply.id} className="rounded-md bg-muted p-2 text-sm">
          <p className="text-xs text-muted-foreground">
            {reply.adminName ? <span translate="no">{reply.adminName}</span> : t('anAdmin')} ·{' '}
            {dateTime(reply.createdAt)}
          </p>
          <p className="whitespace-pre-wrap" translate="no">
            {reply.message}
          </p>
        </div>
      ))}
      <Button
        size="sm"
        variant="outline"
        className="justify-self-start"
        aria-label={t('replyToSubject', { subject: request.subject })}
        onClick={() => onReply(request)}
      >
        {t('reply')}
      </Button>
    </li>
  );
}

/** The support queue (docs/admin.md, "Support"): open requests by default. */
export function SupportQueueTab() {
  const t = useText(adminSupportText);
  const [status, setStatus] = useState<QueueStatus>('open');
  const [replying, setReplying] = useState<AdminSupportRequest | null>(null);
  const queue = useSupportQueue(status);

  return (
    <section aria-labelledby="support-queue-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="support-queue-title" className="text-lg font-bold">
          {t('supportRequests')}
        </h2>
        <Field label={t('show')}>
          {(props) => (
            <NativeSelect
              {...props}
              value={status}
              onChange={(e) => setStatus(e.target.value as QueueStatus)}
            >
              <option value="open">{t('open')}</option>
              <option value="answered">{t('answered')}</option>
              <option value="all">{t('all')}</option>
            </NativeSelect>
          )}
        </Field>
      </div>
      {queue.isPending ? (
        <p className="text-sm text-muted-foreground">{t('loadingRequests')}</p>
      ) : queue.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('queueFailed', { error: queue.error.message })}
        </p>
      ) : queue.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {status === 'open' ? t('noOpenRequests') : t('noRequests')}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label={t('supportQueue')}>
          {queue.data.map((request) => (
            <RequestCard key={request.id} request={request} onReply={setReplying} />
          ))}
        </ul>
      )}
      {replying ? <ReplyDialog request={replying} onClose={() => setReplying(null)} /> : null}
    </section>
  );
}
