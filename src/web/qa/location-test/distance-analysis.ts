import { haversineMiles } from '#core/geo.ts';

/** The API's distance and the page's own great-circle figure must agree closer than this. */
export const DISTANCE_TOLERANCE_MILES = 0.1;

export interface Point {
  latitude: number;
  longitude: number;
}

/** What the analysis needs of a search result. */
export interface DistanceInput {
  id: string;
  businessName: string;
  latitude: number | null;
  longitude: number | null;
  distance?: number | null;
}

export interface DistanceRow {
  id: string;
  name: string;
  /** What the API said, in miles (null when it sent none). */
  api: number | null;
  /** The page's haversine from the search point (null without the provider's coordinates). */
  computed: number | null;
  /** |api − computed|, when both exist. */
  difference: number | null;
  pass: boolean;
  /** Why a row failed, in words. */
  problem?: string;
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** One row per provider: the API's distance beside the page's, and whether they agree. */
export function analyseDistances(
  origin: Point,
  providers: readonly DistanceInput[],
): DistanceRow[] {
  return providers.map((provider) => {
    const api = isNumber(provider.distance) ? provider.distance : null;
    const computed =
      isNumber(provider.latitude) && isNumber(provider.longitude)
        ? haversineMiles(origin, { latitude: provider.latitude, longitude: provider.longitude })
        : null;
    const row = { id: provider.id, name: provider.businessName, api, computed };
    if (api === null)
      return { ...row, difference: null, pass: false, problem: 'No distance from the API' };
    if (computed === null)
      return { ...row, difference: null, pass: false, problem: 'The provider has no coordinates' };
    const difference = Math.abs(api - computed);
    return difference < DISTANCE_TOLERANCE_MILES
      ? { ...row, difference, pass: true }
      : {
          ...row,
          difference,
          pass: false,
          problem: `Differs by ${difference.toFixed(3)} mi (limit ${DISTANCE_TOLERANCE_MILES} mi)`,
        };
  });
}

export function summariseDistances(rows: readonly DistanceRow[]) {
  const passed = rows.filter((row) => row.pass).length;
  return { total: rows.length, passed, failed: rows.length - passed };
}
