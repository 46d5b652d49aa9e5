import { useCallback, useRef } from 'react';
import { serviceTypeLabels } from '#core/providers/catalog.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { locationChecks, type LocationContext, type SearchOutcome } from './location-checks.ts';
import type { SearchServiceType } from './search.ts';
import { expectationText, testLocations } from './test-locations.ts';
import { pageApi } from '../shared/qa-api.ts';
import { useCheckRun } from '../shared/use-check-run.ts';
import { RunPanel } from '../shared/run-panel.tsx';

const checks = locationChecks(testLocations);
const GAP_MS = 500;

export function TestLocationsTab({
  radius,
  serviceType,
  onSearch,
}: {
  /** The radius of Interactive Search, or null while it is not a valid number. */
  radius: number | null;
  serviceType: SearchServiceType;
  onSearch: (outcome: SearchOutcome) => void;
}) {
  // A single location's search becomes the page's current search; a full run does not.
  const single = useRef(false);
  const prepare = useCallback(async (): Promise<LocationContext> => {
    if (radius === null) throw new Error('Set a valid radius on Interactive Search first');
    return {
      api: pageApi,
      radius,
      serviceType,
      onSearch: single.current ? onSearch : undefined,
    };
  }, [radius, serviceType, onSearch]);
  const { results, running, run } = useCheckRun(checks, { prepare, gapMs: GAP_MS });
  const runner = {
    results,
    running,
    run: (only?: string) => {
      single.current = only !== undefined;
      return run(only);
    },
  };

  return (
    <RunPanel
      title="Test locations"
      description={
        <>
          Each location calls GET /api/search there with radius{' '}
          <strong>{radius === null ? 'not set' : `${radius} mi`}</strong> and{' '}
          <strong>{serviceType === 'all' ? 'all services' : serviceTypeLabels[serviceType]}</strong>{' '}
          (set on Interactive Search). A location passes when every provider is inside the radius,
          every distance agrees with the page&apos;s haversine, and the count matches what the demo
          data leads one to expect. Running one location makes it the current search on Search
          Results and Distance Analysis.
        </>
      }
      checks={checks}
      runner={runner}
      runLabel="Test all locations"
      runningLabel="Testing..."
    >
      <details className="rounded-lg border bg-card p-3 text-sm">
        <summary className="cursor-pointer font-semibold">Where these locations are</summary>
        <ul className="mt-3 grid gap-3">
          {testLocations.map((location) => (
            <li key={location.id} className="grid gap-0.5">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <span className="wrap-anywhere">{location.name}</span>
                <Badge variant="outline">{location.kind === 'city' ? 'City' : 'Truck stop'}</Badge>
                <Badge variant="secondary">{expectationText[location.expect]}</Badge>
              </p>
              <p className="text-muted-foreground wrap-anywhere">
                {location.note} · {location.latitude}, {location.longitude}
              </p>
            </li>
          ))}
        </ul>
      </details>
    </RunPanel>
  );
}
