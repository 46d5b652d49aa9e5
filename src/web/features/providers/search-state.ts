import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ServiceType } from '#core/providers/catalog.ts';

/** As specified: distance 5–50 in steps of 5 (default 25); fee 0–200 in steps of 10, the top meaning $200+. */
export const DISTANCE = { min: 5, max: 50, step: 5, default: 25 } as const;
export const FEE = { min: 0, max: 200, step: 10 } as const;
/** The choices of the filters dialog, each with its label's key in the filters catalog. */
export const ratingOptions = [
  { value: 'any', label: 'ratingAny' },
  { value: '3', label: null },
  { value: '4', label: null },
  { value: '4.5', label: null },
] as const;
export const availabilityOptions = [
  { value: 'all', label: 'availabilityAll' },
  { value: 'available', label: 'availabilityAvailable' },
  { value: 'busy', label: 'availabilityBusy' },
] as const;
/** The type tabs, each with its label's key in the providers catalog. */
export const typeTabs = [
  { value: 'all', label: 'tabAll' },
  { value: 'mobile_mechanic', label: 'tabMechanics' },
  { value: 'tire_shop', label: 'tabTireShops' },
  { value: 'towing', label: 'tabTowing' },
] as const;

export interface SearchState {
  q: string;
  tab: 'all' | ServiceType;
  serviceType: 'all' | ServiceType;
  distance: number;
  minFee: number;
  maxFee: number;
  rating: (typeof ratingOptions)[number]['value'];
  is24Hour: boolean;
  acceptsAAA: boolean;
  availability: (typeof availabilityOptions)[number]['value'];
  view: 'list' | 'map';
}

export const defaultSearch: SearchState = {
  q: '',
  tab: 'all',
  serviceType: 'all',
  distance: DISTANCE.default,
  minFee: FEE.min,
  maxFee: FEE.max,
  rating: 'any',
  is24Hour: false,
  acceptsAAA: false,
  availability: 'all',
  view: 'list',
};

const serviceTypeValues = ['all', 'mobile_mechanic', 'tire_shop', 'towing'] as const;
const oneOf = <T extends string>(value: string | null, options: readonly T[], fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;
const stepped = (
  value: string | null,
  min: number,
  max: number,
  step: number,
  fallback: number,
) => {
  const n = Number(value);
  if (value === null || !Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.round(n / step) * step));
};

/** Reads a search from the URL, ignoring anything malformed. */
export function parseSearch(query: string): SearchState {
  const p = new URLSearchParams(query);
  const minFee = stepped(p.get('minFee'), FEE.min, FEE.max, FEE.step, FEE.min);
  const maxFee = stepped(p.get('maxFee'), FEE.min, FEE.max, FEE.step, FEE.max);
  return {
    q: (p.get('q') ?? '').slice(0, 100),
    tab: oneOf(p.get('tab'), serviceTypeValues, 'all'),
    serviceType: oneOf(p.get('serviceType'), serviceTypeValues, 'all'),
    distance: stepped(
      p.get('distance'),
      DISTANCE.min,
      DISTANCE.max,
      DISTANCE.step,
      DISTANCE.default,
    ),
    minFee: Math.min(minFee, maxFee),
    maxFee: Math.max(minFee, maxFee),
    rating: oneOf(
      p.get('rating'),
      ratingOptions.map((o) => o.value),
      'any',
    ),
    is24Hour: p.get('is24Hour') === 'true',
    acceptsAAA: p.get('acceptsAAA') === 'true',
    availability: oneOf(
      p.get('availability'),
      availabilityOptions.map((o) => o.value),
      'all',
    ),
    view: oneOf(p.get('view'), ['list', 'map'] as const, 'list'),
  };
}

/**
 * The provider status the availability choice asks the API for: Available Now narrows to the
 * available providers; All Providers and Busy (Show All) ask for every status, as the latter's
 * label says.
 */
export function statusFilter(availability: SearchState['availability']): 'available' | undefined {
  return availability === 'available' ? 'available' : undefined;
}

/** Writes only what differs from the defaults, so a plain search has a plain URL. */
export function serializeSearch(state: SearchState): string {
  const p = new URLSearchParams();
  for (const key of Object.keys(defaultSearch) as (keyof SearchState)[]) {
    if (state[key] !== defaultSearch[key]) p.set(key, String(state[key]));
  }
  return p.toString();
}

/** How many filters of the dialog differ from their defaults (the badge on the Filters button). */
export function activeFilterCount(state: SearchState): number {
  return [
    state.serviceType !== 'all',
    state.distance !== DISTANCE.default,
    state.minFee !== FEE.min || state.maxFee !== FEE.max,
    state.rating !== 'any',
    state.is24Hour,
    state.acceptsAAA,
    state.availability !== 'all',
  ].filter(Boolean).length;
}

/** The search as URL state: shareable, and kept across reloads. */
export function useSearchState() {
  const query = useSearch();
  const [path, navigate] = useLocation();
  const state = useMemo(() => parseSearch(query), [query]);
  const update = useCallback(
    (changes: Partial<SearchState>) => {
      const next = serializeSearch({ ...parseSearch(window.location.search), ...changes });
      navigate(next ? `${path}?${next}` : path, { replace: true });
    },
    [navigate, path],
  );
  return [state, update] as const;
}
