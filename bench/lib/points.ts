import { metros, US_BOX, type Metro } from '../../src/server/test/us-metros.ts';

export { metros, metroSigmaMiles, US_BOX, type Metro } from '../../src/server/test/us-metros.ts';

/** A small deterministic generator (mulberry32), so runs with the same seed search the same points. */
export function prng(seed: number) {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const totalPopulation = metros.reduce((sum, m) => sum + m.population, 0);

/** A metro, chosen with probability proportional to its population. */
export function pickMetro(rand: () => number): Metro {
  let r = rand() * totalPopulation;
  for (const metro of metros) {
    r -= metro.population;
    if (r < 0) return metro;
  }
  return metros[metros.length - 1]!;
}

export type PointKind = 'metro' | 'random';
export interface SearchPoint {
  kind: PointKind;
  latitude: number;
  longitude: number;
  label: string;
}

const MILES_PER_DEGREE = 69.05;

/**
 * Where drivers search from: half near a metro centre (within a few miles, metros weighted by
 * population), half anywhere in the box around the contiguous US.
 */
export function searchPoint(rand: () => number): SearchPoint {
  if (rand() < 0.5) {
    const metro = pickMetro(rand);
    const r = 5 * Math.sqrt(rand());
    const angle = 2 * Math.PI * rand();
    const latitude = metro.lat + (r * Math.cos(angle)) / MILES_PER_DEGREE;
    const longitude =
      metro.lng +
      (r * Math.sin(angle)) / (MILES_PER_DEGREE * Math.cos((metro.lat * Math.PI) / 180));
    return {
      kind: 'metro',
      latitude: round6(latitude),
      longitude: round6(longitude),
      label: metro.name,
    };
  }
  const latitude = US_BOX.minLat + rand() * (US_BOX.maxLat - US_BOX.minLat);
  const longitude = US_BOX.minLng + rand() * (US_BOX.maxLng - US_BOX.minLng);
  return {
    kind: 'random',
    latitude: round6(latitude),
    longitude: round6(longitude),
    label: 'random',
  };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
