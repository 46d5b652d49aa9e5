/**
 * What a search at a test location should find with the demo data (providers around Dallas and
 * Houston) at the default 25-mile radius: `providers` — at least one; `none` — nothing, the place
 * is hundreds of miles from any of them; `either` — between the two cities, so the count depends
 * on the radius and only the answer's consistency is judged.
 */
/**
 * `providers`: demo providers are within reach, so an empty answer fails. `far`: far from the demo
 * providers; usually empty, but providers added on this server may be there, so any count passes
 * as long as each is inside the radius at the right distance. `either`: depends on the radius.
 */
export type LocationExpectation = 'providers' | 'far' | 'either';

export interface TestLocation {
  id: string;
  name: string;
  /** Where it is, for the reader: highway, exit, city. */
  note: string;
  kind: 'city' | 'truck-stop';
  latitude: number;
  longitude: number;
  expect: LocationExpectation;
  /** A Dallas search reports "No Dallas providers found" when it finds none. */
  dallas?: boolean;
}

export const testLocations: readonly TestLocation[] = [
  {
    id: 'dallas-downtown',
    name: 'Dallas, TX — downtown',
    note: 'Dealey Plaza area, by I-30 and I-35E',
    kind: 'city',
    latitude: 32.7767,
    longitude: -96.797,
    expect: 'providers',
    dallas: true,
  },
  {
    id: 'houston-downtown',
    name: 'Houston, TX — downtown',
    note: 'Inside Loop 610, I-45 and I-10',
    kind: 'city',
    latitude: 29.7604,
    longitude: -95.3698,
    expect: 'providers',
  },
  {
    id: 'fort-worth',
    name: 'Fort Worth, TX',
    note: 'Downtown, by I-30 and I-35W',
    kind: 'city',
    latitude: 32.7555,
    longitude: -97.3308,
    expect: 'providers',
  },
  {
    id: 'i20-i45-hutchins',
    name: 'Truck stops at I-20 & I-45 — Hutchins, TX',
    note: 'The I-20 / I-45 interchange, about 9 miles south of downtown Dallas',
    kind: 'truck-stop',
    latitude: 32.6625,
    longitude: -96.7355,
    expect: 'providers',
  },
  {
    id: 'i45-beltway8-houston',
    name: 'Truck stops at I-45 & Beltway 8 — North Houston, TX',
    note: 'I-45 North Freeway at the Sam Houston Tollway',
    kind: 'truck-stop',
    latitude: 29.9395,
    longitude: -95.4136,
    expect: 'providers',
  },
  {
    id: 'i20-terrell',
    name: "Buc-ee's — Terrell, TX",
    note: 'I-20, about 30 miles east of Dallas',
    kind: 'truck-stop',
    latitude: 32.7016,
    longitude: -96.2932,
    expect: 'either',
  },
  {
    id: 'i35-hillsboro',
    name: 'Truck stops at I-35 & TX-22 — Hillsboro, TX',
    note: 'Where I-35E and I-35W join, about 55 miles south of Dallas',
    kind: 'truck-stop',
    latitude: 32.0146,
    longitude: -97.096,
    expect: 'either',
  },
  {
    id: 'i45-madisonville',
    name: "Buc-ee's — Madisonville, TX",
    note: 'I-45, about 90 miles north of Houston',
    kind: 'truck-stop',
    latitude: 30.9637,
    longitude: -95.8832,
    expect: 'either',
  },
  {
    id: 'iowa-80-walcott',
    name: 'Iowa 80 Truckstop — Walcott, IA',
    note: 'I-80 exit 284, about 700 miles from Dallas',
    kind: 'truck-stop',
    latitude: 41.6147,
    longitude: -90.7753,
    expect: 'far',
  },
  {
    id: 'denver',
    name: 'Denver, CO',
    note: 'I-25 and I-70, over 650 miles from Dallas',
    kind: 'city',
    latitude: 39.7392,
    longitude: -104.9903,
    expect: 'far',
  },
  {
    id: 'new-york',
    name: 'New York, NY',
    note: 'Lower Manhattan',
    kind: 'city',
    latitude: 40.7128,
    longitude: -74.006,
    expect: 'far',
  },
  {
    id: 'seattle',
    name: 'Seattle, WA',
    note: 'Downtown, by I-5',
    kind: 'city',
    latitude: 47.6062,
    longitude: -122.3321,
    expect: 'far',
  },
];

export const expectationText: Record<LocationExpectation, string> = {
  providers: 'Providers expected',
  far: 'Far from the demo providers',
  either: 'Depends on radius',
};
