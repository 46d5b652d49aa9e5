declare module 'zipcodes' {
  interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    lookup(zip: string | number): ZipCode | undefined;
    lookupByName(city: string, state: string): ZipCode[];
  };
  export default zipcodes;
}
