import { serviceTypes, type ServiceType } from '#core/providers/catalog.ts';
import { SEARCH_MAX_RADIUS_MILES } from '#core/providers/search.ts';
import type { QaApi } from '../shared/qa-api.ts';

/** The test search's radius before anyone changes it. */
export const DEFAULT_TEST_RADIUS_MILES = 25;

export type SearchServiceType = ServiceType | 'all';
export const searchServiceTypes: readonly SearchServiceType[] = ['all', ...serviceTypes];

export interface SearchParams {
  latitude: number;
  longitude: number;
  radius: number;
  serviceType: SearchServiceType;
}

/** The form as typed: text, so a half-typed "-9" is kept as it is. */
export interface SearchForm {
  latitude: string;
  longitude: string;
  radius: string;
  serviceType: SearchServiceType;
}

export type SearchFormErrors = Partial<Record<'latitude' | 'longitude' | 'radius', string>>;

const numberIn = (text: string, label: string, min: number, max: number) => {
  if (text.trim() === '') return { error: `${label} is required` };
  const value = Number(text);
  if (!Number.isFinite(value)) return { error: `${label} must be a number` };
  if (value < min || value > max) return { error: `${label} must be between ${min} and ${max}` };
  return { value };
};

/** The search the form describes, or what is wrong with it. */
export function readSearchForm(
  form: SearchForm,
): { params: SearchParams; errors?: undefined } | { params?: undefined; errors: SearchFormErrors } {
  const latitude = numberIn(form.latitude, 'Latitude', -90, 90);
  const longitude = numberIn(form.longitude, 'Longitude', -180, 180);
  const radius = numberIn(form.radius, 'Radius', 0.1, SEARCH_MAX_RADIUS_MILES);
  if (latitude.error || longitude.error || radius.error) {
    const errors: SearchFormErrors = {};
    if (latitude.error) errors.latitude = latitude.error;
    if (longitude.error) errors.longitude = longitude.error;
    if (radius.error) errors.radius = radius.error;
    return { errors };
  }
  return {
    params: {
      latitude: latitude.value!,
      longitude: longitude.value!,
      radius: radius.value!,
      serviceType: form.serviceType,
    },
  };
}

/** GET /api/search with the four parameters of the test search, as `api` calls. */
export const searchAt = (api: QaApi, { latitude, longitude, radius, serviceType }: SearchParams) =>
  api.get('/search', { params: { query: { latitude, longitude, radius, serviceType } } });
