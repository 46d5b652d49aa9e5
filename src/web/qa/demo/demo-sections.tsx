import { MapPin, RefreshCw, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatUsd } from '#core/money.ts';
import { serviceTypeLabels } from '#core/providers/catalog.ts';
import type { ProviderListItem } from '#core/providers/search.ts';
import { roleLabels } from '#core/users/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useMe } from '#web/features/auth/index.ts';
import { liveGet, useLiveCall } from '../shared/use-live-call.ts';
import { useDemoData } from '../shared/use-qa-access.ts';
import { useDemoSignIn } from '../shared/use-demo-sign-in.ts';
import { LiveAnswer, LiveResult } from '../shared/live-answer.tsx';
import { ResponseSummary } from '../shared/response-summary.tsx';
import { DemoSignInButton } from '../shared/demo-sign-in-button.tsx';
import {
  DALLAS_QUERY,
  DEMO_LIST_SIZE,
  demoSignIns,
  formatMiles,
  overviewCounts,
} from './demo-data.ts';

function Section({
  id,
  step,
  title,
  description,
  children,
}: {
  id: string;
  step: number;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="grid gap-4 p-4 sm:p-6" aria-labelledby={id} role="region">
      <div className="flex items-start gap-3">
        <span
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
          aria-hidden
        >
          {step}
        </span>
        <div className="grid min-w-0 gap-1">
          <h2 id={id} className="text-lg font-bold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      {children}
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg bg-muted p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-extrabold tabular-nums">{value}</dd>
    </div>
  );
}

const useProviders = () => useLiveCall(liveGet('/providers'));
const useDallasSearch = () => useLiveCall(liveGet('/search', { params: { query: DALLAS_QUERY } }));

export function OverviewSection() {
  const summary = useLiveCall(liveGet('/providers/summary'));
  const dallas = useLiveCall(liveGet('/providers/summary', { params: { query: DALLAS_QUERY } }));
  return (
    <Section
      id="demo-overview"
      step={1}
      title="Overview"
      description="The marketplace right now, counted from live calls to the API."
    >
      <LiveResult query={summary} loading="Counting providers...">
        {(response) => {
          const counts = overviewCounts(response.body);
          return (
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
              <Figure label="Providers" value={counts.total} />
              <Figure label="Available Now" value={counts.available} />
              <Figure label="Mobile Mechanics" value={counts.mobileMechanics} />
              <Figure label="Tire Shops" value={counts.tireShops} />
              <Figure label="Towing" value={counts.towing} />
              <Figure label="Accept AAA" value={counts.acceptsAAA} />
            </dl>
          );
        }}
      </LiveResult>
      <LiveResult query={dallas} loading="Searching around Dallas...">
        {(response) => (
          <p className="text-sm">
            <strong className="tabular-nums">{response.body.total}</strong> providers within 25
            miles of downtown Dallas.
          </p>
        )}
      </LiveResult>
    </Section>
  );
}

export function AuthSection() {
  const { data: me, isPending } = useMe();
  const demoData = useDemoData();
  const demo = useDemoSignIn();

  return (
    <Section
      id="demo-auth"
      step={2}
      title="Authentication"
      description="Who this browser is signed in as, and a quick sign-in with the demo accounts."
    >
      <p className="text-sm" aria-live="polite">
        {isPending ? (
          'Checking the session...'
        ) : me ? (
          <>
            Signed in as <strong className="wrap-anywhere">{me.name}</strong> ({roleLabels[me.role]}
            , <span className="wrap-anywhere">{me.email}</span>).
          </>
        ) : (
          'Not signed in.'
        )}
      </p>
      {demoData.isPending ? null : demoData.data ? (
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            {demoSignIns.map((account) => (
              <DemoSignInButton
                key={account.email}
                email={account.email}
                label={account.label}
                demo={demo}
                current={me?.email === account.email}
              />
            ))}
          </div>
          <p className="text-xs text-muted-foreground">
            Quick sign-in replaces this browser&apos;s session with the demo account.
          </p>
          {demo.last && <ResponseSummary response={demo.last} />}
        </div>
      ) : (
        <p className="rounded-lg border-2 border-dashed p-3 text-sm text-muted-foreground">
          The demo accounts are not on this server: it was started without demo data, so quick
          sign-in is not offered. Sign in with a real account instead.
        </p>
      )}
    </Section>
  );
}

export function ProvidersSection() {
  const providers = useProviders();
  return (
    <Section
      id="demo-providers"
      step={3}
      title="Providers"
      description="The first providers the public provider list returns: available first, then by rating."
    >
      <LiveAnswer query={providers} loading="Loading providers...">
        {(response) =>
          response.body.length === 0 ? (
            <p className="text-sm text-muted-foreground">No providers on this server yet.</p>
          ) : (
            <div className="grid gap-2">
              <ul className="grid gap-2 md:grid-cols-2">
                {response.body.slice(0, DEMO_LIST_SIZE).map((p) => (
                  <ProviderRow key={p.id} provider={p} />
                ))}
              </ul>
              <ResponseSummary response={response} />
            </div>
          )
        }
      </LiveAnswer>
    </Section>
  );
}

function ProviderRow({
  provider: p,
}: {
  provider: Omit<ProviderListItem, 'distance'> & { distance?: number | null };
}) {
  return (
    <li className="grid gap-1 rounded-lg border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 font-semibold wrap-anywhere">{p.businessName}</p>
        <Badge variant={p.status === 'available' ? 'success' : 'outline'} className="capitalize">
          {p.status}
        </Badge>
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span>{serviceTypeLabels[p.serviceType]}</span>
        <span className="inline-flex items-center gap-1">
          <MapPin className="size-4" aria-hidden />
          {[p.city, p.state].filter(Boolean).join(', ')}
          {p.distance !== undefined && p.distance !== null ? ` · ${formatMiles(p.distance)}` : ''}
        </span>
        <span className="inline-flex items-center gap-1">
          <Star className="size-4" aria-hidden />
          {p.reviewCount > 0 ? `${p.rating.toFixed(1)} (${p.reviewCount})` : 'New'}
        </span>
        <span>Visit {formatUsd(p.visitFee)}</span>
      </p>
    </li>
  );
}

export function ProfileSection() {
  const { data: me } = useMe();
  const profile = useLiveCall(liveGet('/auth/me'), Boolean(me));
  const business = useLiveCall(
    liveGet('/service-providers/by-user/{userId}', { params: { path: { userId: me?.id ?? '' } } }),
    me?.role === 'mechanic',
  );
  return (
    <Section
      id="demo-profile"
      step={4}
      title="Profile"
      description="The signed-in user's own profile as the API returns it, and a mechanic's business."
    >
      {!me ? (
        <p className="text-sm text-muted-foreground">
          Sign in (above) to see a profile read from the API.
        </p>
      ) : (
        <>
          <LiveResult query={profile} loading="Loading profile...">
            {(response) => {
              const user = response.body;
              return (
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">Full Name</dt>
                  <dd className="wrap-anywhere">{user.name}</dd>
                  <dt className="text-muted-foreground">Email Address</dt>
                  <dd className="wrap-anywhere">{user.email}</dd>
                  <dt className="text-muted-foreground">Phone Number</dt>
                  <dd className="wrap-anywhere">{user.phone}</dd>
                  <dt className="text-muted-foreground">Location</dt>
                  <dd className="wrap-anywhere">{user.location || 'Not set'}</dd>
                  <dt className="text-muted-foreground">Role</dt>
                  <dd>{roleLabels[user.role]}</dd>
                  {user.aaaMemberId && (
                    <>
                      <dt className="text-muted-foreground">AAA Membership ID</dt>
                      <dd className="wrap-anywhere">{user.aaaMemberId}</dd>
                    </>
                  )}
                </dl>
              );
            }}
          </LiveResult>
          {me.role === 'mechanic' && (
            <LiveResult query={business} loading="Loading business...">
              {(response) => (
                <>
                  <h3 className="font-semibold">Business</h3>
                  <ul className="grid">
                    <ProviderRow provider={response.body} />
                  </ul>
                </>
              )}
            </LiveResult>
          )}
        </>
      )}
    </Section>
  );
}

export function SearchSection() {
  const search = useDallasSearch();
  return (
    <Section
      id="demo-search"
      step={5}
      title="Search"
      description="A live search 25 miles around downtown Dallas (32.7767, -96.797), nearest figures in miles."
    >
      <div>
        <Button
          variant="outline"
          onClick={() => void search.refetch()}
          disabled={search.isFetching}
        >
          <RefreshCw aria-hidden className={search.isFetching ? 'animate-spin' : undefined} />
          {search.isFetching ? 'Searching...' : 'Search Dallas again'}
        </Button>
      </div>
      <div aria-live="polite">
        <LiveResult query={search} loading="Searching around Dallas...">
          {(response) =>
            response.body.length === 0 ? (
              <p className="font-semibold text-destructive">No Dallas providers found</p>
            ) : (
              <>
                <p className="text-sm font-semibold">
                  {response.body.length} providers within 25 miles
                </p>
                <ul className="grid gap-2 md:grid-cols-2">
                  {response.body.slice(0, DEMO_LIST_SIZE).map((p) => (
                    <ProviderRow key={p.id} provider={p} />
                  ))}
                </ul>
              </>
            )
          }
        </LiveResult>
      </div>
    </Section>
  );
}
