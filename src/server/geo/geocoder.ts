import zipcodes from 'zipcodes';

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
    const found = zipcodes.lookup(zipCode.trim().slice(0, 5));
    return found ? { latitude: found.latitude, longitude: found.longitude } : null;
  },
};
