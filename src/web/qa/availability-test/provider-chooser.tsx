import { useQuery } from '@tanstack/react-query';
import { Loader2, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { demoAccounts } from '#core/demo-accounts.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import type { Provider } from '#core/providers/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { useMe } from '#web/features/auth/index.ts';
import { useDemoSignIn } from '../shared/use-demo-sign-in.ts';
import { useDemoData } from '../shared/use-qa-access.ts';
import { togglerFor } from './status-toggle.ts';
import { pageApi, type QaResponse } from '../shared/qa-api.ts';
import { DemoSignInButton } from '../shared/demo-sign-in-button.tsx';
import { SelectField } from '../shared/select-field.tsx';
import { AvailabilityWorkbench } from './availability-workbench.tsx';
import { readBusiness } from './provider-calls.ts';

function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-muted-foreground">
      <Loader2 className="size-5 animate-spin" aria-hidden /> {label}
    </p>
  );
}

function Failed({ title, response }: { title: string; response: QaResponse }) {
  return (
    <Card role="alert" className="grid gap-1 border-destructive/50 p-4">
      <p className="font-semibold text-destructive">{title}</p>
      <p className="text-sm wrap-anywhere">
        {response.method} {response.path}: HTTP {response.status || '—'} {response.message} ·{' '}
        {response.ms} ms
      </p>
    </Card>
  );
}

function ProviderHeading({
  provider,
  who,
}: {
  provider: Pick<Provider, 'businessName' | 'city' | 'state'>;
  who: string;
}) {
  return (
    <p className="text-sm">
      Testing <strong className="wrap-anywhere">{provider.businessName}</strong>
      {provider.city
        ? ` (${provider.city}${provider.state ? `, ${provider.state}` : ''})`
        : ''} · {who}
    </p>
  );
}

function OwnBusiness({ user }: { user: PublicUser }) {
  const own = useQuery({
    queryKey: ['qa', 'availability', 'own', user.id],
    queryFn: () => readBusiness(user.id),
  });
  if (own.isPending) return <Loading label="Loading your business…" />;
  const response = own.data!;
  if (response.status === 404)
    return (
      <Card className="grid gap-1 p-4">
        <p className="font-semibold">No service provider found</p>
        <p className="text-sm text-muted-foreground">
          This mechanic account has no business yet, so there is no status to change.
        </p>
      </Card>
    );
  if (!response.ok) return <Failed title="Could not load your business" response={response} />;
  return (
    <div className="grid gap-4">
      <ProviderHeading provider={response.body} who="your own business" />
      <AvailabilityWorkbench key={response.body.id} provider={response.body} />
    </div>
  );
}

function AnyProvider() {
  const list = useQuery({
    queryKey: ['qa', 'availability', 'providers'],
    // Whole providers (the workbench reads the owner's id), the largest page the API gives.
    queryFn: () => pageApi.get('/providers', { params: { query: { fields: 'full', limit: 200 } } }),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  if (list.isPending) return <Loading label="Loading providers…" />;
  const response = list.data!;
  if (!response.ok || !Array.isArray(response.body))
    return <Failed title="Could not load providers" response={response} />;
  const providers = response.body
    .filter((p): p is typeof p & Pick<Provider, 'userId'> => p.userId !== undefined)
    .sort((a, b) => a.businessName.localeCompare(b.businessName));
  if (providers.length === 0) return <Card className="p-4 font-semibold">No provider found</Card>;
  const provider = providers.find((p) => p.id === chosen) ?? providers[0]!;
  return (
    <div className="grid gap-4">
      <Card className="grid gap-2 p-4 sm:max-w-md">
        <SelectField
          label="Provider"
          hint="As an admin you may set any provider's status."
          value={provider.id}
          options={providers.map(
            (p) => [p.id, `${p.businessName}${p.city ? ` — ${p.city}` : ''}`] as const,
          )}
          onValueChange={setChosen}
        />
      </Card>
      <ProviderHeading provider={provider} who="as an admin" />
      <AvailabilityWorkbench key={provider.id} provider={provider} />
    </div>
  );
}

function NotAllowed({ user }: { user: PublicUser | null }) {
  const demoData = useDemoData();
  const demo = useDemoSignIn();

  return (
    <Card className="grid gap-3 p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <ShieldAlert className="size-6 text-destructive" aria-hidden /> Only a provider&apos;s owner
        or an admin can change its status
      </h2>
      <p className="text-muted-foreground">
        {user ? `You are signed in as a ${user.role}. ` : 'You are not signed in. '}
        Toggling availability calls PUT /api/providers/&#123;id&#125;/status, which the API accepts
        only from the mechanic who owns the business or from an admin. Sign in as one of them to run
        this test.
      </p>
      {demoData.data === true && (
        <div className="grid gap-2">
          <div>
            <DemoSignInButton
              email={demoAccounts.mechanic}
              label="Sign in as demo mechanic"
              demo={demo}
            />
          </div>
          <p className="text-sm text-muted-foreground">
            This server holds demo data: signs in for real as the demo mechanic
            {user ? ', replacing your current session' : ''}.
          </p>
        </div>
      )}
    </Card>
  );
}

/** Picks the provider by who is signed in: their own, any (admins), or explains who may. */
export function ProviderChooser() {
  const me = useMe();
  if (me.isPending) return <Loading label="Checking who is signed in…" />;
  const user = me.data ?? null;
  const toggler = togglerFor(user);
  if (toggler === 'owner' && user) return <OwnBusiness key={user.id} user={user} />;
  if (toggler === 'admin') return <AnyProvider />;
  return <NotAllowed user={user} />;
}
