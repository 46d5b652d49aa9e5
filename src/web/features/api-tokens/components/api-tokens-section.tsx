import { Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { featureGateMessage } from '#core/billing/plan-features.ts';
import { apiScopes, type ApiScope } from '#core/integrations/api-token-rules.ts';
import type { ApiToken, CreatedApiToken } from '#core/integrations/api-tokens.ts';
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
import { useFormat } from '#web/lib/format.ts';
import { T, textOf, useMessage, useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/use-api-tokens.ts';
import { apiTokensText } from '../text.ts';
import { endOf, today } from '../token-expiry.ts';
import type { TokenForm } from '../token-form-schema.ts';

type ApiTokensKey = NonNullable<(typeof apiTokensText)['keys']>;

const scopeKeys: Record<ApiScope, ApiTokensKey> = {
  'bookings:read': 'scopeBookingsRead',
  'bookings:write': 'scopeBookingsWrite',
  'availability:write': 'scopeAvailabilityWrite',
  'reports:read': 'scopeReportsRead',
  'webhooks:manage': 'scopeWebhooksManage',
};

const resolver = lazyResolver(() =>
  import('../token-form-schema.ts').then((m) => m.tokenFormSchema),
);

function CreateForm({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const t = useText(apiTokensText);
  const message = useMessage();
  const create = useCreateApiToken();
  const [serverError, setServerError] = useState<string>();
  const form = useForm<TokenForm>({
    resolver,
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
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t('createForm')}>
      <Field label={t('name')} hint={t('nameHint')} error={errors.name?.message}>
        {(ids) => <Input {...ids} autoComplete="off" {...form.register('name')} />}
      </Field>
      <fieldset className="grid gap-2" aria-describedby="api-token-scopes-error">
        <legend className="mb-1 text-sm font-medium">{t('scopes')}</legend>
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
              <span className="font-mono text-sm font-semibold" translate="no">
                {scope}
              </span>
              <span className="text-sm text-muted-foreground">{t(scopeKeys[scope])}</span>
            </span>
          </label>
        ))}
        {errors.scopes ? (
          <p
            id="api-token-scopes-error"
            className="text-sm font-medium text-destructive"
            role="alert"
          >
            {message(errors.scopes.message ?? '')}
          </p>
        ) : null}
      </fieldset>
      <Field label={t('expiresOn')} hint={t('expiresOnHint')} error={errors.expiresOn?.message}>
        {(ids) => <Input {...ids} type="date" min={today()} {...form.register('expiresOn')} />}
      </Field>
      <FormError message={serverError} />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? t('creating') : t('createToken')}
      </Button>
    </form>
  );
}

/** The whole token, once: after this dialog closes nobody can see it again. */
function ShownOnce({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const t = useText(apiTokensText);
  const copy = () =>
    navigator.clipboard
      .writeText(created.token)
      .then(() => toast({ title: textOf(apiTokensText)('tokenCopied'), variant: 'success' }))
      .catch(() =>
        toast({
          title: textOf(apiTokensText)('couldNotCopy'),
          description: textOf(apiTokensText)('copyByHand'),
        }),
      );
  return (
    <div className="grid gap-4">
      <Field label={t('newToken')} hint={t('newTokenHint')}>
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
          {t('copy')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('done')}
        </Button>
      </div>
    </div>
  );
}

function CreateDialog({ onClose }: { onClose: () => void }) {
  const t = useText(apiTokensText);
  const [created, setCreated] = useState<CreatedApiToken>();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{created ? t('tokenCreated') : t('createTitle')}</DialogTitle>
        <DialogDescription>{created ? t('copyNow') : t('createIntro')}</DialogDescription>
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
  const t = useText(apiTokensText);
  const revoke = useRevokeApiToken();
  return (
    <Dialog open onOpenChange={(open) => !open && !revoke.isPending && onClose()}>
      <DialogContent>
        <DialogTitle>
          <T
            text={apiTokensText}
            id="revokeTitle"
            values={{ name: token.name }}
            components={{ 0: <span translate="no" /> }}
          />
        </DialogTitle>
        <DialogDescription>{t('revokeIntro')}</DialogDescription>
        <FormError message={revoke.isError ? errorText(revoke.error) : undefined} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={revoke.isPending}>
            {t('keepIt')}
          </Button>
          <Button
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(token.id, {
                onSuccess: () => {
                  toast({ title: textOf(apiTokensText)('tokenRevoked'), variant: 'success' });
                  onClose();
                },
              })
            }
          >
            {revoke.isPending ? t('revoking') : t('revoke')}
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
  const t = useText(apiTokensText);
  const f = useFormat();
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= now;
  const nameId = `api-token-${token.id}`;
  return (
    <li className="grid gap-2 border-t py-3 first:border-t-0" aria-labelledby={nameId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span id={nameId} className="font-semibold" translate="no">
            {token.name}
          </span>
          <code className="rounded bg-muted px-1.5 py-0.5 text-xs" translate="no">
            {token.start}…
          </code>
          {expired ? <Badge variant="destructive">{t('expired')}</Badge> : null}
        </div>
        <Button variant="outline" size="sm" onClick={onRevoke}>
          {t('revoke')}
        </Button>
      </div>
      <div className="flex flex-wrap gap-1">
        {token.scopes.map((scope) => (
          <Badge key={scope} variant="secondary" className="font-mono" translate="no">
            {scope}
          </Badge>
        ))}
      </div>
      <dl className="grid gap-1 text-sm text-muted-foreground sm:grid-cols-3">
        <div>
          <dt className="inline">{t('created')} </dt>
          <dd className="inline">
            {f.date(token.createdAt)}
            {token.createdBy ? (
              <>
                {' '}
                <T
                  text={apiTokensText}
                  id="createdBy"
                  values={{ name: token.createdBy }}
                  components={{ 0: <span translate="no" /> }}
                />
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="inline">{t(expired ? 'expiredOn' : 'expires')} </dt>
          <dd className="inline">{token.expiresAt ? f.date(token.expiresAt) : t('never')}</dd>
        </div>
        <div>
          <dt className="inline">{t('lastUsed')} </dt>
          <dd className="inline" data-testid="api-token-last-used">
            {!token.lastUsedAt
              ? t('never')
              : token.lastUsedAddress
                ? t('usedFrom', {
                    when: f.dateTime(token.lastUsedAt),
                    address: token.lastUsedAddress,
                  })
                : f.dateTime(token.lastUsedAt)}
          </dd>
        </div>
      </dl>
    </li>
  );
}

function TokenList() {
  const t = useText(apiTokensText);
  const tokens = useApiTokens();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  if (tokens.isPending) return <SectionLoading height={24} label={t('loadingTokens')} />;
  if (tokens.isError)
    return <SectionLoadError error={tokens.error} onRetry={() => void tokens.refetch()} />;
  if (tokens.data.length === 0)
    return <p className="text-sm text-muted-foreground">{t('noTokens')}</p>;
  return (
    <>
      <ul aria-label={t('tokens')} className="grid">
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
  const t = useText(apiTokensText);
  const message = useMessage();
  const context = useTeamContext();
  const [creating, setCreating] = useState(false);
  const heading = (
    <div className="flex items-center gap-2">
      <KeyRound className="size-5 text-primary" aria-hidden />
      <h2 className="text-lg font-bold">{t('api')}</h2>
    </div>
  );
  if (context.isPending) return <SectionLoading height={24} label={t('loadingAccess')} />;
  if (context.isError || !context.data || context.data.role !== 'owner') return null;
  if (!context.data.features.includes('apiAccess'))
    return (
      <Card className="grid justify-items-start gap-3 p-4" aria-label={t('api')}>
        {heading}
        <p>{message(featureGateMessage('apiAccess'))}</p>
        <Button onClick={onUpgrade}>{t('upgrade')}</Button>
      </Card>
    );
  const providerId = context.data.providerId;
  return (
    <Card className="grid gap-4 p-4" aria-label={t('api')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        {heading}
        <Button onClick={() => setCreating(true)}>{t('createToken')}</Button>
      </div>
      <p className="text-sm text-muted-foreground">
        <T
          text={apiTokensText}
          id="intro"
          components={{
            0: <a href={API_DOCS_URL} className="font-medium text-primary underline" />,
          }}
        />
      </p>
      <Field label={t('businessId')} hint={t('businessIdHint')}>
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
