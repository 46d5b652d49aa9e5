import { createRequire } from 'node:module';
import type Zipcodes from 'zipcodes';

const require = createRequire(import.meta.url);
let table: typeof Zipcodes | undefined;
/**
 * The ZIP table, read at the first lookup: it is 5 MB of source and tens of MB of the app
 * server's memory, which a server that is never asked for a ZIP code need not hold (docs/
 * decisions/064-embedded-database-lean.md). Read synchronously, as the lookups are.
 */
const zipcodes = () => (table ??= require('zipcodes') as typeof Zipcodes);

export interface Place {
  latitude: number;
  longitude: number;
}

/** Where an address is. A hosted geocoder can replace this behind the same interface. */
export interface Geocoder {
  locate(address: { zipCode: string }): Place | null;
}

/**
 * Offline: the centre of the address's US ZIP code (the `zipcodes` package's table), close enough
 * for "how far away is this shop" — a provider wanting the exact spot drops a pin instead.
 */
export const zipCentroidGeocoder: Geocoder = {
  locate({ zipCode }) {
    const found = zipcodes().lookup(zipCode.trim().slice(0, 5));
    return found ? { latitude: found.latitude, longitude: found.longitude } : null;
  },
};

/**
 * A place a driver types: a ZIP code, "City, ST", or an address ending in either ("1200 Main St,
 * Houston, TX 77002"). A city is the centre of its ZIP codes. Offline, from the same table.
 */
export function locatePlace(text: string): Place | null {
  const zip = /\b(\d{5})(?:-\d{4})?\s*$/.exec(text.trim()) ?? /^\s*(\d{5})\b/.exec(text);
  if (zip) {
    const found = zipcodes().lookup(zip[1]!);
    if (found) return { latitude: found.latitude, longitude: found.longitude };
  }
  const cityState =
    /(?:^|,)\s*([A-Za-z][A-Za-z .'-]*?)\s*,?\s+([A-Za-z]{2})(?:\s+\d{5}(?:-\d{4})?)?\s*$/.exec(
      text.trim(),
    );
  if (!cityState) return null;
  const found = zipcodes().lookupByName(cityState[1]!, cityState[2]!.toUpperCase());
  if (found.length === 0) return null;
  return {
    latitude: found.reduce((sum, z) => sum + z.latitude, 0) / found.length,
    longitude: found.reduce((sum, z) => sum + z.longitude, 0) / found.length,
  };
}
