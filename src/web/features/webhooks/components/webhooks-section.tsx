import { Webhook } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { featureGateMessage } from '#core/billing/plan-features.ts';
import {
  createWebhookInput,
  webhookEventLabels,
  webhookEventTypes,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '#core/integrations/webhooks.ts';
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

/** How long an open log keeps refreshing after "Send test event" or "Resend". */
const FOLLOW_MS = 15_000;

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: errorText(error), variant: 'destructive' });

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The signing secret, once: after this dialog closes nobody can see it again. */
function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const copy = () =>
    navigator.clipboard
      .writeText(secret)
      .then(() => toast({ title: 'Secret copied', variant: 'success' }))
      .catch(() => toast({ title: 'Could not copy', description: 'Select and copy it instead.' }));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Signing Secret</DialogTitle>
        <DialogDescription>
          Your receiver checks each delivery&apos;s Truckfinder-Signature header with it. You
          won&apos;t see it again: store it with your receiver now.
        </DialogDescription>
        <Field label="Signing secret">
          {(ids) => (
            <Input
              {...ids}
              readOnly
              value={secret}
              className="font-mono text-sm"
              onFocus={(event) => event.currentTarget.select()}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={copy}>
            Copy
          </Button>
          <Button type="button" onClick={onClose}>
            Done
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
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Events</legend>
      {webhookEventTypes.map((type) => (
        <label key={type} className="flex cursor-pointer items-start gap-3 rounded-lg border p-3">
          <input
            type="checkbox"
            className="mt-1 size-4"
            checked={chosen.includes(type)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? webhookEventTypes.filter((t) => t === type || chosen.includes(t))
                  : chosen.filter((t) => t !== type),
              )
            }
          />
          <span className="grid gap-0.5">
            <span className="font-mono text-sm font-semibold">{type}</span>
            <span className="text-sm text-muted-foreground">{webhookEventLabels[type]}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {error}
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
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string; form?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
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
        <DialogTitle>Add Endpoint</DialogTitle>
        <DialogDescription>
          We POST each event you choose to this URL as JSON, signed with a secret you get next.
        </DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Add endpoint">
          <Field
            label="Endpoint URL"
            error={errors.url}
            hint="https://, reachable from the internet"
          >
            {(ids) => (
              <Input
                {...ids}
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://example.com/truck-finder/webhooks"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
              />
            )}
          </Field>
          <EventChoices chosen={events} onChange={setEvents} error={errors.events} />
          <FormError message={errors.form} />
          <div className="grid gap-2 sm:grid-cols-2">
            <Button type="button" variant="outline" disabled={create.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Adding...' : 'Add Endpoint'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const remove = useDeleteWebhook();
  return (
    <Dialog open onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>Delete this endpoint?</DialogTitle>
        <DialogDescription className="wrap-anywhere">
          {endpoint.url} hears about nothing more, and its delivery log goes with it.
        </DialogDescription>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button variant="outline" disabled={remove.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(endpoint.id, {
                onSuccess: () => {
                  toast({ title: 'Endpoint Deleted', variant: 'success' });
                  onClose();
                },
                onError: failed('Could Not Delete'),
              })
            }
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

const statusBadge = {
  pending: { label: 'Pending', variant: 'secondary' },
  succeeded: { label: 'Delivered', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
} as const;

function DeliveryRow({
  endpointId,
  delivery,
  onResent,
}: {
  endpointId: string;
  delivery: WebhookDelivery;
  onResent: () => void;
}) {
  const resend = useResendDelivery();
  const badge = statusBadge[delivery.status];
  const type = delivery.eventType as keyof typeof webhookEventLabels;
  return (
    <li
      className="grid gap-1 rounded-lg border p-3 text-sm"
      aria-label={`${delivery.eventType} delivery`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono font-semibold">{delivery.eventType}</span>
        <Badge variant={badge.variant}>{badge.label}</Badge>
        {delivery.responseStatus !== null ? (
          <span className="font-medium">HTTP {delivery.responseStatus}</span>
        ) : null}
      </div>
      <span className="text-muted-foreground">
        {webhookEventLabels[type] ?? delivery.eventType} · {when(delivery.createdAt)} ·{' '}
        {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
        {delivery.nextAttemptAt && delivery.attempts > 0
          ? ` · next try ${when(delivery.nextAttemptAt)}`
          : ''}
      </span>
      {delivery.responseBody ? (
        <pre className="max-h-24 overflow-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap wrap-anywhere">
          {delivery.responseBody}
        </pre>
      ) : null}
      <span className="text-xs text-muted-foreground">Event {delivery.eventId}</span>
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(
            { id: endpointId, deliveryId: delivery.id },
            { onSuccess: onResent, onError: failed('Could Not Resend') },
          )
        }
      >
        {resend.isPending ? 'Resending...' : 'Resend'}
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
  const log = useWebhookDeliveries(endpointId, followUntil);
  if (log.isPending) return <SectionLoading label="Loading deliveries" />;
  if (log.isError) return <SectionLoadError error={log.error} onRetry={() => void log.refetch()} />;
  if (log.data.deliveries.length === 0)
    return <p className="text-sm text-muted-foreground">No deliveries yet.</p>;
  return (
    <ul className="grid gap-2" aria-label="Delivery log">
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
  return (
    <li className="grid gap-3 rounded-lg border p-3">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium wrap-anywhere">{endpoint.url}</span>
          <Badge variant={enabled ? 'success' : 'destructive'}>{enabled ? 'On' : 'Off'}</Badge>
        </div>
        <span className="font-mono text-xs text-muted-foreground">
          {endpoint.events.join(', ')}
        </span>
        {endpoint.disabledReason ? (
          <p className="text-sm text-destructive">{endpoint.disabledReason}</p>
        ) : null}
        {endpoint.previousSecretExpiresAt ? (
          <p className="text-sm text-muted-foreground">
            The previous secret also signs until {when(endpoint.previousSecretExpiresAt)}.
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={!enabled || test.isPending}
          onClick={() =>
            test.mutate(endpoint.id, { onSuccess: follow, onError: failed('Could Not Send') })
          }
        >
          {test.isPending ? 'Sending...' : 'Send test event'}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setLogOpen((open) => !open)}>
          {logOpen ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={rotate.isPending}
          onClick={() =>
            rotate.mutate(endpoint.id, {
              onSuccess: ({ secret }) => onSecret(secret),
              onError: failed('Could Not Rotate'),
            })
          }
        >
          Rotate secret
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { id: endpoint.id, enabled: !enabled },
              { onError: failed(enabled ? 'Could Not Turn Off' : 'Could Not Turn On') },
            )
          }
        >
          {enabled ? 'Turn off' : 'Turn on'}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setDeleting(true)}>
          Delete
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
  const endpoints = useWebhooks(true);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div className="grid gap-3">
      {endpoints.isPending ? (
        <SectionLoading label="Loading webhooks" />
      ) : endpoints.isError ? (
        <SectionLoadError error={endpoints.error} onRetry={() => void endpoints.refetch()} />
      ) : endpoints.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No endpoints yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Webhook endpoints">
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
          ))}
        </ul>
      )}
      <Button className="sm:justify-self-start" onClick={() => setAdding(true)}>
        Add endpoint
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
  const context = useTeamContext();
  const included = context.data?.features.includes('customIntegrations') ?? false;
  return (
    <Card role="region" className="grid gap-3 p-4" aria-labelledby="webhooks-heading">
      <div className="flex items-center gap-2">
        <Webhook className="size-5 text-primary" aria-hidden />
        <h2 id="webhooks-heading" className="text-lg font-bold">
          Webhooks
        </h2>
      </div>
      {context.isPending ? (
        <SectionLoading label="Loading webhooks" />
      ) : context.isError ? (
        <SectionLoadError error={context.error} onRetry={() => void context.refetch()} />
      ) : included ? (
        <>
          <p className="text-sm text-muted-foreground">
            Your own systems hear about bookings, help requests, payments and reviews as they
            happen: signed HTTPS POSTs to your endpoints, retried for a day if they fail.
          </p>
          <Endpoints />
        </>
      ) : (
        <div className="grid justify-items-start gap-3">
          <p>{featureGateMessage('customIntegrations')}</p>
          <Button onClick={onUpgrade}>Upgrade</Button>
        </div>
      )}
    </Card>
  );
}
