import { afterEach, describe, expect, it, vi } from 'vitest';
import { haversineMiles } from '#core/geo.ts';
import { SEARCH_MAX_RADIUS_MILES } from '#core/providers/search.ts';
import { runCheck } from '../shared/checks.ts';
import { pageApi } from '../shared/qa-api.ts';
import { analyseDistances, summariseDistances } from './distance-analysis.ts';
import {
  judgeLocation,
  locationChecks,
  NO_DALLAS_PROVIDERS,
  NO_PROVIDERS_IN_RADIUS,
  type SearchOutcome,
} from './location-checks.ts';
import { DEFAULT_TEST_RADIUS_MILES, readSearchForm, searchAt } from './search.ts';
import { testLocations } from './test-locations.ts';

const dallas = { latitude: 32.7767, longitude: -96.797 };
const houston = { latitude: 29.7604, longitude: -95.3698 };

const provider = (
  id: string,
  latitude: number | null,
  longitude: number | null,
  distance?: number | null,
) => ({
  id,
  businessName: `Provider ${id}`,
  latitude,
  longitude,
  distance,
});

/** A provider `miles` due north of Dallas, with the API's distance off by `error`. */
const north = (id: string, miles: number, error = 0) => {
  const latitude = dallas.latitude + (miles / (Math.PI * 3959)) * 180;
  return provider(id, latitude, dallas.longitude, miles + error);
};

describe('analyseDistances', () => {
  it('passes a distance that matches the haversine and fails one 0.1 mi off or more', () => {
    const rows = analyseDistances(dallas, [
      north('a', 10),
      north('b', 10, 0.099),
      north('c', 10, 0.1),
    ]);
    expect(rows.map((row) => row.pass)).toEqual([true, true, false]);
    expect(rows[0]!.computed).toBeCloseTo(10, 6);
    expect(rows[0]!.difference).toBeLessThan(1e-6);
    expect(rows[2]!.problem).toMatch(/^Differs by 0\.100 mi/);
  });

  it('uses R = 3959: Dallas to Houston is about 225 mi', () => {
    const [row] = analyseDistances(dallas, [
      provider('h', houston.latitude, houston.longitude, 224.9),
    ]);
    expect(row!.computed).toBeGreaterThan(224);
    expect(row!.computed).toBeLessThan(226);
  });

  it('fails rows without an API distance or without coordinates', () => {
    const rows = analyseDistances(dallas, [
      provider('a', 32.8, -96.8, null),
      provider('b', null, null, 3),
    ]);
    expect(rows.map((row) => [row.pass, row.problem])).toEqual([
      [false, 'No distance from the API'],
      [false, 'The provider has no coordinates'],
    ]);
    expect(summariseDistances(rows)).toEqual({ total: 2, passed: 0, failed: 2 });
  });
});

describe('judgeLocation', () => {
  it('counts providers within the radius and names the nearest', () => {
    const verdict = judgeLocation(
      { expect: 'providers' },
      [north('a', 3.04), north('b', 12)],
      25,
      dallas,
    );
    expect(verdict).toEqual({ pass: true, detail: '2 providers within 25 mi, nearest 3.0 mi' });
  });

  it("reports 'No Dallas providers found' for an empty Dallas answer", () => {
    expect(judgeLocation({ expect: 'providers', dallas: true }, [], 25, dallas)).toEqual({
      pass: false,
      detail: NO_DALLAS_PROVIDERS,
    });
  });

  it("reports 'No providers found within radius' elsewhere", () => {
    expect(judgeLocation({ expect: 'providers' }, [], 25, houston)).toEqual({
      pass: false,
      detail: NO_PROVIDERS_IN_RADIUS,
    });
    expect(judgeLocation({ expect: 'either' }, [], 25, houston).pass).toBe(true);
  });

  it('passes zero results far away, and providers added there when they are inside the radius', () => {
    expect(judgeLocation({ expect: 'far' }, [], 25, dallas)).toEqual({
      pass: true,
      detail: '0 providers within 25 mi, as expected this far from the demo providers',
    });
    expect(judgeLocation({ expect: 'far' }, [north('a', 1)], 25, dallas).pass).toBe(true);
    expect(judgeLocation({ expect: 'far' }, [north('a', 30)], 25, dallas).pass).toBe(false);
  });

  it('fails a provider outside the radius or with a wrong distance', () => {
    expect(judgeLocation({ expect: 'either' }, [north('a', 30)], 25, dallas).detail).toBe(
      '0 providers within 25 mi, but 1 outside the radius or without a distance',
    );
    expect(judgeLocation({ expect: 'either' }, [north('a', 5, 0.5)], 25, dallas).pass).toBe(false);
  });
});

describe('test locations', () => {
  it('places those expecting nothing beyond the largest radius from Dallas and Houston', () => {
    for (const location of testLocations.filter((l) => l.expect === 'far')) {
      for (const city of [dallas, houston])
        expect(haversineMiles(location, city)).toBeGreaterThan(SEARCH_MAX_RADIUS_MILES + 50);
    }
  });

  it('places those expecting providers within 25 mi of Dallas or Houston', () => {
    for (const location of testLocations.filter((l) => l.expect === 'providers')) {
      const nearest = Math.min(haversineMiles(location, dallas), haversineMiles(location, houston));
      expect(nearest).toBeLessThan(DEFAULT_TEST_RADIUS_MILES + 15);
    }
  });

  it('has unique ids and one Dallas location', () => {
    expect(new Set(testLocations.map((l) => l.id)).size).toBe(testLocations.length);
    expect(testLocations.filter((l) => l.dallas)).toHaveLength(1);
  });
});

/** Answers every fetch with `status` and `body`, noting each address called in `paths`. */
function serve(status: number, body: unknown, paths: string[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      paths.push(url);
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return paths;
}

afterEach(() => vi.unstubAllGlobals());

describe('search form', () => {
  it('builds GET /api/search with the four parameters', async () => {
    const read = readSearchForm({
      latitude: '32.7767',
      longitude: '-96.797',
      radius: '25',
      serviceType: 'towing',
    });
    const paths = serve(200, []);
    await searchAt(pageApi, read.params!);
    expect(paths).toEqual([
      '/api/search?latitude=32.7767&longitude=-96.797&radius=25&serviceType=towing',
    ]);
  });

  it('names each field that is missing or out of range', () => {
    expect(
      readSearchForm({ latitude: '', longitude: '200', radius: '0', serviceType: 'all' }).errors,
    ).toEqual({
      latitude: 'Latitude is required',
      longitude: 'Longitude must be between -180 and 180',
      radius: 'Radius must be between 0.1 and 500',
    });
    expect(
      readSearchForm({ latitude: 'abc', longitude: '1', radius: '5', serviceType: 'all' }).errors,
    ).toEqual({
      latitude: 'Latitude must be a number',
    });
  });
});

describe('locationChecks', () => {
  const dallasCheck = locationChecks(testLocations).find(
    (check) => check.id === 'dallas-downtown',
  )!;

  it('searches at the location with the run radius and reports the outcome', async () => {
    const paths = serve(200, [north('a', 2)]);
    const outcomes: SearchOutcome[] = [];
    const result = await runCheck(dallasCheck, {
      api: pageApi,
      radius: 10,
      serviceType: 'all',
      onSearch: (outcome) => outcomes.push(outcome),
    });
    expect(paths).toEqual([
      '/api/search?latitude=32.7767&longitude=-96.797&radius=10&serviceType=all',
    ]);
    expect(result).toMatchObject({
      status: 'passed',
      detail: '1 provider within 10 mi, nearest 2.0 mi',
      httpStatus: 200,
    });
    expect(outcomes[0]!.label).toBe('Dallas, TX — downtown');
  });

  it('fails with the HTTP status when the search fails, and on an empty Dallas answer', async () => {
    serve(500, { error: 'x' });
    const failed = await runCheck(dallasCheck, {
      api: pageApi,
      radius: 25,
      serviceType: 'all',
    });
    expect(failed).toMatchObject({ status: 'failed', httpStatus: 500 });
    serve(200, []);
    const empty = await runCheck(dallasCheck, {
      api: pageApi,
      radius: 25,
      serviceType: 'all',
    });
    expect(empty).toMatchObject({ status: 'failed', detail: NO_DALLAS_PROVIDERS });
  });
});
