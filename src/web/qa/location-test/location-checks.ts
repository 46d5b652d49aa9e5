import type { ProviderListItem } from '#core/providers/search.ts';
import { expectStatus, expectThat, type Check } from '../shared/checks.ts';
import type { QaApi, QaResponse } from '../shared/qa-api.ts';
import {
  analyseDistances,
  DISTANCE_TOLERANCE_MILES,
  type DistanceInput,
} from './distance-analysis.ts';
import { searchAt, type SearchParams, type SearchServiceType } from './search.ts';
import type { TestLocation } from './test-locations.ts';

export const NO_DALLAS_PROVIDERS = 'No Dallas providers found';
export const NO_PROVIDERS_IN_RADIUS = 'No providers found within radius';

/** A search as the page keeps it: where, with what, what came back and when. */
export interface SearchOutcome {
  label: string;
  params: SearchParams;
  response: QaResponse<ProviderListItem[]>;
  at: Date;
}

export interface LocationContext {
  /** Who searches: the page's own session. */
  api: QaApi;
  radius: number;
  serviceType: SearchServiceType;
  /** Told of each search, so a single location's results show on the other tabs. */
  onSearch?: (outcome: SearchOutcome) => void;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Whether a location's answer is right: every provider inside the radius with a distance that
 * agrees with the page's haversine, and the count the demo data leads one to expect.
 */
export function judgeLocation(
  location: Pick<TestLocation, 'expect' | 'dallas'>,
  providers: readonly DistanceInput[],
  radius: number,
  origin: { latitude: number; longitude: number },
): { pass: boolean; detail: string } {
  const rows = analyseDistances(origin, providers);
  const within = rows.filter((row) => row.api !== null && row.api <= radius).length;
  const outside = providers.length - within;
  const mismatched = rows.filter((row) => !row.pass).length;
  const count = `${plural(within, 'provider')} within ${radius} mi`;
  const nearest = rows.reduce<number | null>(
    (min, row) => (row.api !== null && (min === null || row.api < min) ? row.api : min),
    null,
  );

  if (outside > 0)
    return {
      pass: false,
      detail: `${count}, but ${outside} outside the radius or without a distance`,
    };
  if (mismatched > 0)
    return {
      pass: false,
      detail: `${count}; ${mismatched} of them differ from the page's haversine by ${DISTANCE_TOLERANCE_MILES} mi or more`,
    };
  if (location.expect === 'providers' && within === 0)
    return { pass: false, detail: location.dallas ? NO_DALLAS_PROVIDERS : NO_PROVIDERS_IN_RADIUS };
  if (within === 0)
    return {
      pass: true,
      detail:
        location.expect === 'far'
          ? `${count}, as expected this far from the demo providers`
          : `${count} (${NO_PROVIDERS_IN_RADIUS})`,
    };
  return { pass: true, detail: `${count}, nearest ${nearest!.toFixed(1)} mi` };
}

/** One check per location: GET /api/search there, judged by `judgeLocation`. */
export function locationChecks(locations: readonly TestLocation[]): Check<LocationContext>[] {
  return locations.map((location) => ({
    id: location.id,
    name: location.name,
    async run({ api, radius, serviceType, onSearch }) {
      const params: SearchParams = {
        latitude: location.latitude,
        longitude: location.longitude,
        radius,
        serviceType,
      };
      const response: QaResponse<ProviderListItem[]> = await searchAt(api, params);
      onSearch?.({ label: location.name, params, response, at: new Date() });
      expectStatus(response, 200);
      expectThat(Array.isArray(response.body), 'The answer is not a list of providers', response);
      const verdict = judgeLocation(location, response.body, radius, location);
      expectThat(verdict.pass, verdict.detail, response);
      return { detail: verdict.detail, response };
    },
  }));
}
