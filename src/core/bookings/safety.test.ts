import { describe, expect, it } from 'vitest';
import { asksWhereTheTruckIs, besideTraffic, truckPlaces } from './safety.ts';

describe('the safety question', () => {
  it('is asked for an emergency service or anything wanted as soon as possible', () => {
    expect(asksWhereTheTruckIs('Emergency Service', '')).toBe(true);
    expect(asksWhereTheTruckIs('Brake Repair', 'asap')).toBe(true);
    expect(asksWhereTheTruckIs('Brake Repair', 'morning')).toBe(false);
    expect(asksWhereTheTruckIs('', '')).toBe(false);
  });

  it('treats a lane and a shoulder as beside traffic, a lot or no answer as not', () => {
    expect(truckPlaces.filter(besideTraffic)).toEqual(['travel_lane', 'shoulder']);
    expect(besideTraffic(null)).toBe(false);
  });
});
