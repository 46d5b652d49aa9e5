import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { featureGateMessage } from '#core/billing/plan-features.ts';
import {
  apiScopes,
  createApiTokenInput,
  scopeDescriptions,
  type ApiToken,
  type CreatedApiToken,
} from '#core/integrations/api-tokens.ts';
import { API_DOCS_URL } from '#web/api/client.ts';
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
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/use-api-tokens.ts';

const when = (iso: string) => format(new Date(iso), 'MMM d, yyyy h:mm a');
const day = (iso: string) => format(new Date(iso), 'MMM d, yyyy');
const today = () => format(new Date(), 'yyyy-MM-dd');

/** The dialog's fields: the expiry is a day, the token works until that day ends (local time). */
const tokenForm = z
  .object({
    name: createApiTokenInput.shape.name,
    scopes: z.array(z.enum(apiScopes)).min(1, 'Choose at least one scope'),
    expiresOn: z.string(),
  })
  .refine((values) => values.expiresOn === '' || values.expiresOn >= today(), {
    path: ['expiresOn'],
    message: 'The expiry date must be in the future',
  });
type TokenForm = z.infer<typeof tokenForm>;

const endOf = (date: string) => new Date(`${date}T23:59:59`).toISOString();

function CreateForm({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const create = useCreateApiToken();
  const [serverError, setServerError] = useState<string>();
  const form = useForm<TokenForm>({
    resolver: zodResolver(tokenForm),
    defaultValues: { name: '', scopes: [], expiresOn: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    setServerError(undefined);
    create.mutate(
      {
        name: values.name,
        scopes: values.scopes,
        ...(values.expiresOn ? { expiresAt: endOf(values.expiresOn) } : {}),
      },
      {
        onSuccess: onCreated,
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : {};
          if (fields.name) form.setError('name', { type: 'server', message: fields.name });
          else if (fields.expiresAt)
            form.setError('expiresOn', { type: 'server', message: fields.expiresAt });
          else setServerError(errorText(error));
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Create an API token">
      <Field
        label="Name"
        hint="What uses it, e.g. “Dispatch software”."
        error={errors.name?.message}
      >
        {(ids) => <Input {...ids} autoComplete="off" {...form.register('name')} />}
      </Field>
      <fieldset className="grid gap-2" aria-describedby="api-token-scopes-error">
        <legend className="mb-1 text-sm font-medium">What it may do</legend>
        {apiScopes.map((scope) => (
          <label
            key={scope}
            className="flex cursor-pointer items-start gap-3 rounded-lg border p-3"
          >
            <input
              type="checkbox"
              value={scope}
              className="mt-1 size-4"
              {...form.register('scopes')}
            />
            <span className="grid gap-0.5">
              <span className="font-mono text-sm font-semibold">{scope}</span>
              <span className="text-sm text-muted-foreground">{scopeDescriptions[scope]}</span>
            </span>
          </label>
        ))}
        {errors.scopes ? (
          <p
            id="api-token-scopes-error"
            className="text-sm font-medium text-destructive"
            role="alert"
          >
            {errors.scopes.message}
          </p>
        ) : null}
      </fieldset>
      <Field
        label="Expires on (optional)"
        hint="Leave empty to keep it until you revoke it."
        error={errors.expiresOn?.message}
      >
        {(ids) => <Input {...ids} type="date" min={today()} {...form.register('expiresOn')} />}
      </Field>
      <FormError message={serverError} />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create Token'}
      </Button>
    </form>
  );
}

/** The whole token, once: after this dialog closes nobody can see it again. */
function ShownOnce({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const copy = () =>
    navigator.clipboard
      .writeText(created.token)
      .then(() => toast({ title: 'Token copied', variant: 'success' }))
      .catch(() => toast({ title: 'Could not copy', description: 'Select and copy it instead.' }));
  return (
    <div className="grid gap-4">
      <Field
        label="Your new API token"
        hint="You won't see it again. Store it in your program's secret settings now."
      >
        {(ids) => (
          <Input
            {...ids}
            readOnly
            value={created.token}
            className="font-mono text-sm"
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          <Copy className="size-4" aria-hidden />
          Copy
        </Button>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function CreateDialog({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<CreatedApiToken>();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{created ? 'Token Created' : 'Create an API Token'}</DialogTitle>
        <DialogDescription>
          {created
            ? 'Copy it now: only its first characters are kept on view.'
            : 'A token lets your own software act for your business, only within what you tick.'}
        </DialogDescription>
        {created ? (
          <ShownOnce created={created} onDone={onClose} />
        ) : (
          <CreateForm onCreated={setCreated} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function RevokeDialog({ token, onClose }: { token: ApiToken; onClose: () => void }) {
  const revoke = useRevokeApiToken();
  return (
    <Dialog open onOpenChange={(open) => !open && !revoke.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>Revoke {token.name}?</DialogTitle>
        <DialogDescription>
          It stops working at once: every program using it is refused from its next request.
        </DialogDescription>
        <FormError message={revoke.isError ? errorText(revoke.error) : undefined} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={revoke.isPending}>
            Keep It
          </Button>
          <Button
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(token.id, {
                onSuccess: () => {
                  toast({ title: 'Token revoked', variant: 'success' });
                  onClose();
                },
              })
            }
          >
            {revoke.isPending ? 'Revoking…' : 'Revoke'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function TokenRow({
  token,
  now,
  onRevoke,
}: {
  token: ApiToken;
  /** When the list was loaded: a token past its expiry then shows as expired. */
  now: number;
  onRevoke: () => void;
}) {
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= now;
  return (
    <li className="grid gap-2 border-t py-3 first:border-t-0" aria-label={token.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{token.name}</span>
          <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{token.start}…</code>
          {expired ? <Badge variant="destructive">Expired</Badge> : null}
        </div>
        <Button variant="outline" size="sm" onClick={onRevoke}>
          Revoke
        </Button>
      </div>
      <div className="flex flex-wrap gap-1">
        {token.scopes.map((scope) => (
          <Badge key={scope} variant="secondary" className="font-mono">
            {scope}
          </Badge>
        ))}
      </div>
      <dl className="grid gap-1 text-sm text-muted-foreground sm:grid-cols-3">
        <div>
          <dt className="inline">Created: </dt>
          <dd className="inline">
            {day(token.createdAt)}
            {token.createdBy ? ` by ${token.createdBy}` : ''}
          </dd>
        </div>
        <div>
          <dt className="inline">{expired ? 'Expired: ' : 'Expires: '}</dt>
          <dd className="inline">{token.expiresAt ? day(token.expiresAt) : 'Never'}</dd>
        </div>
        <div>
          <dt className="inline">Last used: </dt>
          <dd className="inline" data-testid="api-token-last-used">
            {token.lastUsedAt
              ? `${when(token.lastUsedAt)}${token.lastUsedAddress ? ` from ${token.lastUsedAddress}` : ''}`
              : 'Never'}
          </dd>
        </div>
      </dl>
    </li>
  );
}

function TokenList() {
  const tokens = useApiTokens();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  if (tokens.isPending) return <SectionLoading height={24} label="Loading API tokens" />;
  if (tokens.isError)
    return <SectionLoadError error={tokens.error} onRetry={() => void tokens.refetch()} />;
  if (tokens.data.length === 0)
    return <p className="text-sm text-muted-foreground">No tokens yet.</p>;
  return (
    <>
      <ul aria-label="API tokens" className="grid">
        {tokens.data.map((token) => (
          <TokenRow
            key={token.id}
            token={token}
            now={tokens.dataUpdatedAt}
            onRevoke={() => setRevoking(token)}
          />
        ))}
      </ul>
      {revoking ? <RevokeDialog token={revoking} onClose={() => setRevoking(null)} /> : null}
    </>
  );
}

/**
 * Profile → Business → API: the owner's tokens for their own software (docs/api.md, "API
 * tokens"); on a plan without API access, the gate line and the way to Billing.
 */
export default function ApiTokensSection({ onUpgrade }: { onUpgrade: () => void }) {
  const context = useTeamContext();
  const [creating, setCreating] = useState(false);
  const heading = (
    <div className="flex items-center gap-2">
      <KeyRound className="size-5 text-primary" aria-hidden />
      <h2 className="text-lg font-bold">API</h2>
    </div>
  );
  if (context.isPending) return <SectionLoading height={24} label="Loading API access" />;
  if (context.isError || !context.data || context.data.role !== 'owner') return null;
  if (!context.data.features.includes('apiAccess'))
    return (
      <Card className="grid justify-items-start gap-3 p-4" aria-label="API">
        {heading}
        <p>{featureGateMessage('apiAccess')}</p>
        <Button onClick={onUpgrade}>Upgrade</Button>
      </Card>
    );
  const providerId = context.data.providerId;
  return (
    <Card className="grid gap-4 p-4" aria-label="API">
      <div className="flex flex-wrap items-start justify-between gap-2">
        {heading}
        <Button onClick={() => setCreating(true)}>Create Token</Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Your dispatch or accounting software can read your bookings and set your availability with a
        token. See the{' '}
        <a href={API_DOCS_URL} className="font-medium text-primary underline">
          API reference
        </a>
        .
      </p>
      <Field
        label="Business ID"
        hint="Programs name your business with it, e.g. to set availability."
      >
        {(ids) => (
          <Input
            {...ids}
            readOnly
            value={providerId}
            className="font-mono text-sm"
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
      </Field>
      <TokenList />
      {creating ? <CreateDialog onClose={() => setCreating(false)} /> : null}
    </Card>
  );
}
