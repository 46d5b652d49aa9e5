import { Webhook } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { featureGateMessage } from '#core/billing/plan-features.ts';
import type { WebhookDelivery, WebhookEndpoint } from '#core/integrations/webhooks.ts';
import {
  WEBHOOK_TEST_EVENT,
  webhookEventTypes,
  type WebhookEventType,
} from '#core/integrations/webhook-rules.ts';
import { ApiError } from '#web/api/transport.ts';
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
import { useTeamContext } from '#web/features/team/index.ts';
import { useFormat } from '#web/lib/format.ts';
import { T, textOf, useMessage, useText } from '#web/lib/i18n.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useResendDelivery,
  useRotateSecret,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/use-webhooks.ts';
import { webhooksText, type WebhooksKey } from '../text.ts';

/** How long an open log keeps refreshing after "Send test event" or "Resend". */
const FOLLOW_MS = 15_000;

const failed = (title: WebhooksKey) => (error: unknown) =>
  toast({
    title: textOf(webhooksText)(title),
    description: errorText(error),
    variant: 'destructive',
  });

const eventKeys: Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, WebhooksKey> = {
  'booking.created': 'eventBookingCreated',
  'booking.updated': 'eventBookingUpdated',
  'booking.completed': 'eventBookingCompleted',
  'help_request.offered': 'eventHelpRequestOffered',
  'help_request.taken': 'eventHelpRequestTaken',
  'payment.succeeded': 'eventPaymentSucceeded',
  'review.created': 'eventReviewCreated',
  [WEBHOOK_TEST_EVENT]: 'eventTest',
};
const eventKey = (type: string): WebhooksKey | undefined =>
  (eventKeys as Record<string, WebhooksKey | undefined>)[type];

/** The two reasons the server gives for turning an endpoint off (webhooks.service, sender). */
const FAILING = /^Turned off on (\d{4}-\d{2}-\d{2}): every delivery failed for (\d+) hours$/;

/** The signing secret, once: after this dialog closes nobody can see it again. */
function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const t = useText(webhooksText);
  const copy = () =>
    navigator.clipboard
      .writeText(secret)
      .then(() => toast({ title: textOf(webhooksText)('secretCopied'), variant: 'success' }))
      .catch(() =>
        toast({
          title: textOf(webhooksText)('copyFailed'),
          description: textOf(webhooksText)('copyFailedHint'),
        }),
      );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{t('secretTitle')}</DialogTitle>
        <DialogDescription>{t('secretDescription')}</DialogDescription>
        <Field label={t('secretLabel')}>
          {(ids) => (
            <Input
              {...ids}
              readOnly
              value={secret}
              className="font-mono text-sm"
              translate="no"
              onFocus={(event) => event.currentTarget.select()}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={copy}>
            {t('copy')}
          </Button>
          <Button type="button" onClick={onClose}>
            {t('done')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function EventChoices({
  chosen,
  onChange,
  error,
}: {
  chosen: WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
  error: string | undefined;
}) {
  const t = useText(webhooksText);
  const message = useMessage();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{t('events')}</legend>
      {webhookEventTypes.map((type) => (
        <label key={type} className="flex cursor-pointer items-start gap-3 rounded-lg border p-3">
          <input
            type="checkbox"
            className="mt-1 size-4"
            checked={chosen.includes(type)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? webhookEventTypes.filter((other) => other === type || chosen.includes(other))
                  : chosen.filter((other) => other !== type),
              )
            }
          />
          <span className="grid gap-0.5">
            <span className="font-mono text-sm font-semibold" translate="no">
              {type}
            </span>
            <span className="text-sm text-muted-foreground">{t(eventKeys[type])}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {message(error)}
        </p>
      ) : null}
    </fieldset>
  );
}

function AddEndpointDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const t = useText(webhooksText);
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string; form?: string }>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { createWebhookInput } = await import('#core/integrations/webhooks.ts');
    const checked = createWebhookInput.safeParse({ url: url.trim(), events });
    if (!checked.success) {
      const issues = checked.error.issues;
      setErrors({
        url: issues.find((i) => i.path[0] === 'url')?.message,
        events: issues.find((i) => i.path[0] === 'events')?.message,
      });
      return;
    }
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: ({ secret }) => onCreated(secret),
      onError: (error) => {
        if (error instanceof ApiError && (error.fields.url || error.fields.events))
          setErrors({ url: error.fields.url, events: error.fields.events });
        else setErrors({ form: errorText(error) });
      },
    });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !create.isPending && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>{t('addTitle')}</DialogTitle>
        <DialogDescription>{t('addDescription')}</DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t('addForm')}>
          <Field label={t('urlLabel')} error={errors.url} hint={t('urlHint')}>
            {(ids) => (
              <Input
                {...ids}
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder={t('urlPlaceholder')}
                value={url}
                onChange={(event) => setUrl(event.target.value)}
              />
            )}
          </Field>
          <EventChoices chosen={events} onChange={setEvents} error={errors.events} />
          <FormError message={errors.form} />
          <div className="grid gap-2 sm:grid-cols-2">
            <Button type="button" variant="outline" disabled={create.isPending} onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('adding') : t('addSubmit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const t = useText(webhooksText);
  const remove = useDeleteWebhook();
  return (
    <Dialog open onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>{t('deleteTitle')}</DialogTitle>
        <DialogDescription className="wrap-anywhere">
          <T
            text={webhooksText}
            id="deleteDescription"
            values={{ url: endpoint.url }}
            components={{ 0: <span translate="no" /> }}
          />
        </DialogDescription>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="outline" disabled={remove.isPending} onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(endpoint.id, {
                onSuccess: () => {
                  toast({ title: textOf(webhooksText)('deleted'), variant: 'success' });
                  onClose();
                },
                onError: failed('deleteFailed'),
              })
            }
          >
            {remove.isPending ? t('deleting') : t('delete')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

const statusBadge = {
  pending: { label: 'statusPending', variant: 'secondary' },
  succeeded: { label: 'statusDelivered', variant: 'success' },
  failed: { label: 'statusFailed', variant: 'destructive' },
} as const satisfies Record<string, { label: WebhooksKey; variant: string }>;

function DeliveryRow({
  endpointId,
  delivery,
  onResent,
}: {
  endpointId: string;
  delivery: WebhookDelivery;
  onResent: () => void;
}) {
  const t = useText(webhooksText);
  const f = useFormat();
  const resend = useResendDelivery();
  const badge = statusBadge[delivery.status];
  const type = eventKey(delivery.eventType);
  return (
    <li
      className="grid gap-1 rounded-lg border p-3 text-sm"
      aria-label={t('deliveryName', { type: delivery.eventType })}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono font-semibold" translate="no">
          {delivery.eventType}
        </span>
        <Badge variant={badge.variant}>{t(badge.label)}</Badge>
        {delivery.responseStatus !== null ? (
          <span className="font-medium">
            {t('httpStatus', { status: delivery.responseStatus })}
          </span>
        ) : null}
      </div>
      <span className="text-muted-foreground">
        {type ? t(type) : <span translate="no">{delivery.eventType}</span>} ·{' '}
        {f.dateTime(delivery.createdAt)} · {t('attempts', { count: delivery.attempts })}
        {delivery.nextAttemptAt && delivery.attempts > 0
          ? ` · ${t('nextTry', { when: f.dateTime(delivery.nextAttemptAt) })}`
          : ''}
      </span>
      {delivery.responseBody ? (
        <pre
          className="max-h-24 overflow-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap wrap-anywhere"
          translate="no"
        >
          {delivery.responseBody}
        </pre>
      ) : null}
      <span className="text-xs text-muted-foreground">
        <T
          text={webhooksText}
          id="eventId"
          values={{ id: delivery.eventId }}
          components={{ 0: <span translate="no" /> }}
        />
      </span>
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(
            { id: endpointId, deliveryId: delivery.id },
            { onSuccess: onResent, onError: failed('resendFailed') },
          )
        }
      >
        {resend.isPending ? t('resending') : t('resend')}
      </Button>
    </li>
  );
}

function DeliveryLog({
  endpointId,
  followUntil,
  onFollow,
}: {
  endpointId: string;
  followUntil: number;
  onFollow: () => void;
}) {
  const t = useText(webhooksText);
  const log = useWebhookDeliveries(endpointId, followUntil);
  if (log.isPending) return <SectionLoading label={t('loadingDeliveries')} />;
  if (log.isError) return <SectionLoadError error={log.error} onRetry={() => void log.refetch()} />;
  if (log.data.deliveries.length === 0)
    return <p className="text-sm text-muted-foreground">{t('noDeliveries')}</p>;
  return (
    <ul className="grid gap-2" aria-label={t('deliveryLog')}>
      {log.data.deliveries.map((delivery) => (
        <DeliveryRow
          key={delivery.id}
          endpointId={endpointId}
          delivery={delivery}
          onResent={onFollow}
        />
      ))}
    </ul>
  );
}

function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const t = useText(webhooksText);
  const f = useFormat();
  const message = useMessage();
  const test = useSendTestEvent();
  const update = useUpdateWebhook();
  const rotate = useRotateSecret();
  const [deleting, setDeleting] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const [followUntil, setFollowUntil] = useState(0);
  const follow = () => {
    setFollowUntil(Date.now() + FOLLOW_MS);
    setLogOpen(true);
  };
  const enabled = endpoint.status === 'enabled';
  const reason = endpoint.disabledReason;
  const failing = reason ? FAILING.exec(reason) : null;
  return (
    <li className="grid gap-3 rounded-lg border p-3">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium wrap-anywhere" translate="no">
            {endpoint.url}
          </span>
          <Badge variant={enabled ? 'success' : 'destructive'}>
            {enabled ? t('on') : t('off')}
          </Badge>
        </div>
        <span className="font-mono text-xs text-muted-foreground" translate="no">
          {endpoint.events.join(', ')}
        </span>
        {reason ? (
          <p className="text-sm text-destructive">
            {reason === 'Turned off by the owner'
              ? t('turnedOffByOwner')
              : failing
                ? t('turnedOffFailing', {
                    date: f.date(`${failing[1]}T00:00:00Z`, {
                      dateStyle: 'medium',
                      timeZone: 'UTC',
                    }),
                    hours: failing[2],
                  })
                : message(reason)}
          </p>
        ) : null}
        {endpoint.previousSecretExpiresAt ? (
          <p className="text-sm text-muted-foreground">
            {t('previousSecret', { when: f.dateTime(endpoint.previousSecretExpiresAt) })}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={!enabled || test.isPending}
          onClick={() =>
            test.mutate(endpoint.id, { onSuccess: follow, onError: failed('sendFailed') })
          }
        >
          {test.isPending ? t('sending') : t('sendTest')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setLogOpen((open) => !open)}>
          {logOpen ? t('hideDeliveries') : t('showDeliveries')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={rotate.isPending}
          onClick={() =>
            rotate.mutate(endpoint.id, {
              onSuccess: ({ secret }) => onSecret(secret),
              onError: failed('rotateFailed'),
            })
          }
        >
          {t('rotateSecret')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { id: endpoint.id, enabled: !enabled },
              { onError: failed(enabled ? 'turnOffFailed' : 'turnOnFailed') },
            )
          }
        >
          {enabled ? t('turnOff') : t('turnOn')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setDeleting(true)}>
          {t('delete')}
        </Button>
      </div>
      {logOpen ? (
        <DeliveryLog endpointId={endpoint.id} followUntil={followUntil} onFollow={follow} />
      ) : null}
      {deleting ? <DeleteDialog endpoint={endpoint} onClose={() => setDeleting(false)} /> : null}
    </li>
  );
}

function Endpoints() {
  const t = useText(webhooksText);
  const endpoints = useWebhooks(true);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div className="grid gap-3">
      {endpoints.isPending ? (
        <SectionLoading label={t('loadingWebhooks')} />
      ) : endpoints.isError ? (
        <SectionLoadError error={endpoints.error} onRetry={() => void endpoints.refetch()} />
      ) : endpoints.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('noEndpoints')}</p>
      ) : (
        <ul className="grid gap-2" aria-label={t('endpointList')}>
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
          ))}
        </ul>
      )}
      <Button className="sm:justify-self-start" onClick={() => setAdding(true)}>
        {t('addEndpoint')}
      </Button>
      {adding ? (
        <AddEndpointDialog
          onClose={() => setAdding(false)}
          onCreated={(created) => {
            setAdding(false);
            setSecret(created);
          }}
        />
      ) : null}
      {secret ? <SecretDialog secret={secret} onClose={() => setSecret(null)} /> : null}
    </div>
  );
}

/**
 * Profile → Business → Webhooks: on a plan with custom integrations, the endpoints with their
 * delivery logs; on any other plan, the feature line and the way to upgrade.
 */
export default function WebhooksSection({ onUpgrade }: { onUpgrade: () => void }) {
  const t = useText(webhooksText);
  const message = useMessage();
  const context = useTeamContext();
  const included = context.data?.features.includes('customIntegrations') ?? false;
  return (
    <Card role="region" className="grid gap-3 p-4" aria-labelledby="webhooks-heading">
      <div className="flex items-center gap-2">
        <Webhook className="size-5 text-primary" aria-hidden />
        <h2 id="webhooks-heading" className="text-lg font-bold">
          {t('title')}
        </h2>
      </div>
      {context.isPending ? (
        <SectionLoading label={t('loadingWebhooks')} />
      ) : context.isError ? (
        <SectionLoadError error={context.error} onRetry={() => void context.refetch()} />
      ) : included ? (
        <>
          <p className="text-sm text-muted-foreground">{t('intro')}</p>
          <Endpoints />
        </>
      ) : (
        <div className="grid justify-items-start gap-3">
          <p>{message(featureGateMessage('customIntegrations'))}</p>
          <Button onClick={onUpgrade}>{t('upgrade')}</Button>
        </div>
      )}
    </Card>
  );
}
