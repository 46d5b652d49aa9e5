import { formatMiles } from '#core/geo.ts';
import { Card } from '#web/components/ui/card.tsx';
import { StatusBadge } from '#web/features/providers/index.ts';
import { NO_PROVIDERS_IN_RADIUS, type SearchOutcome } from './location-checks.ts';
import { SearchSummary } from './search-summary.tsx';

export function SearchResults({ outcome }: { outcome: SearchOutcome | null }) {
  if (!outcome)
    return (
      <Card className="p-6 text-center text-muted-foreground">
        Run a search on Interactive Search or Test Locations to see the providers it returns.
      </Card>
    );
  const providers = Array.isArray(outcome.response.body) ? outcome.response.body : [];
  return (
    <div className="grid gap-3">
      <SearchSummary outcome={outcome} />
      {!outcome.response.ok ? (
        <p role="alert" className="font-semibold text-destructive wrap-anywhere">
          The search failed: HTTP {outcome.response.status} {outcome.response.message}
        </p>
      ) : providers.length === 0 ? (
        <Card className="p-6 text-center font-semibold">{NO_PROVIDERS_IN_RADIUS}</Card>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label="Providers returned">
          {providers.map((provider) => (
            <li key={provider.id}>
              <Card className="grid h-full gap-1 p-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p className="font-semibold wrap-anywhere">{provider.businessName}</p>
                  <StatusBadge status={provider.status} />
                </div>
                <p className="text-sm text-muted-foreground wrap-anywhere">
                  {[provider.city, provider.state].filter(Boolean).join(', ') || 'No city given'}
                </p>
                <p className="text-sm font-medium">
                  {typeof provider.distance === 'number'
                    ? formatMiles(provider.distance)
                    : 'No distance'}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
