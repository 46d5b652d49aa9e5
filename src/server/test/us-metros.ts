/** Big US metro areas (contiguous states), with roughly their population in millions. */
export interface Metro {
  name: string;
  state: string;
  lat: number;
  lng: number;
  population: number;
}

export const metros: Metro[] = [
  { name: 'New York', state: 'NY', lat: 40.7128, lng: -74.006, population: 19.8 },
  { name: 'Los Angeles', state: 'CA', lat: 34.0522, lng: -118.2437, population: 13.2 },
  { name: 'Chicago', state: 'IL', lat: 41.8781, lng: -87.6298, population: 9.5 },
  { name: 'Dallas', state: 'TX', lat: 32.7767, lng: -96.797, population: 7.6 },
  { name: 'Houston', state: 'TX', lat: 29.7604, lng: -95.3698, population: 7.1 },
  { name: 'Washington', state: 'DC', lat: 38.9072, lng: -77.0369, population: 6.3 },
  { name: 'Philadelphia', state: 'PA', lat: 39.9526, lng: -75.1652, population: 6.2 },
  { name: 'Miami', state: 'FL', lat: 25.7617, lng: -80.1918, population: 6.1 },
  { name: 'Atlanta', state: 'GA', lat: 33.749, lng: -84.388, population: 6.1 },
  { name: 'Boston', state: 'MA', lat: 42.3601, lng: -71.0589, population: 4.9 },
  { name: 'Phoenix', state: 'AZ', lat: 33.4484, lng: -112.074, population: 4.8 },
  { name: 'San Francisco', state: 'CA', lat: 37.7749, lng: -122.4194, population: 4.7 },
  { name: 'Riverside', state: 'CA', lat: 33.9533, lng: -117.3962, population: 4.6 },
  { name: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458, population: 4.4 },
  { name: 'Seattle', state: 'WA', lat: 47.6062, lng: -122.3321, population: 4.0 },
  { name: 'Minneapolis', state: 'MN', lat: 44.9778, lng: -93.265, population: 3.7 },
  { name: 'San Diego', state: 'CA', lat: 32.7157, lng: -117.1611, population: 3.3 },
  { name: 'Tampa', state: 'FL', lat: 27.9506, lng: -82.4572, population: 3.2 },
  { name: 'Denver', state: 'CO', lat: 39.7392, lng: -104.9903, population: 2.9 },
  { name: 'St. Louis', state: 'MO', lat: 38.627, lng: -90.1994, population: 2.8 },
  { name: 'Baltimore', state: 'MD', lat: 39.2904, lng: -76.6122, population: 2.8 },
  { name: 'Charlotte', state: 'NC', lat: 35.2271, lng: -80.8431, population: 2.7 },
  { name: 'Orlando', state: 'FL', lat: 28.5383, lng: -81.3792, population: 2.7 },
  { name: 'San Antonio', state: 'TX', lat: 29.4241, lng: -98.4936, population: 2.6 },
  { name: 'Portland', state: 'OR', lat: 45.5152, lng: -122.6784, population: 2.5 },
  { name: 'Sacramento', state: 'CA', lat: 38.5816, lng: -121.4944, population: 2.4 },
  { name: 'Pittsburgh', state: 'PA', lat: 40.4406, lng: -79.9959, population: 2.4 },
  { name: 'Austin', state: 'TX', lat: 30.2672, lng: -97.7431, population: 2.3 },
  { name: 'Las Vegas', state: 'NV', lat: 36.1699, lng: -115.1398, population: 2.3 },
  { name: 'Cincinnati', state: 'OH', lat: 39.1031, lng: -84.512, population: 2.3 },
  { name: 'Kansas City', state: 'MO', lat: 39.0997, lng: -94.5786, population: 2.2 },
  { name: 'Columbus', state: 'OH', lat: 39.9612, lng: -82.9988, population: 2.1 },
  { name: 'Indianapolis', state: 'IN', lat: 39.7684, lng: -86.1581, population: 2.1 },
  { name: 'Cleveland', state: 'OH', lat: 41.4993, lng: -81.6944, population: 2.1 },
  { name: 'San Jose', state: 'CA', lat: 37.3382, lng: -121.8863, population: 2.0 },
  { name: 'Nashville', state: 'TN', lat: 36.1627, lng: -86.7816, population: 2.0 },
  { name: 'Virginia Beach', state: 'VA', lat: 36.8529, lng: -75.978, population: 1.8 },
  { name: 'Providence', state: 'RI', lat: 41.824, lng: -71.4128, population: 1.7 },
  { name: 'Jacksonville', state: 'FL', lat: 30.3322, lng: -81.6557, population: 1.6 },
  { name: 'Milwaukee', state: 'WI', lat: 43.0389, lng: -87.9065, population: 1.6 },
  { name: 'Raleigh', state: 'NC', lat: 35.7796, lng: -78.6382, population: 1.4 },
  { name: 'Oklahoma City', state: 'OK', lat: 35.4676, lng: -97.5164, population: 1.4 },
  { name: 'Memphis', state: 'TN', lat: 35.1495, lng: -90.049, population: 1.3 },
  { name: 'Richmond', state: 'VA', lat: 37.5407, lng: -77.436, population: 1.3 },
  { name: 'Louisville', state: 'KY', lat: 38.2527, lng: -85.7585, population: 1.3 },
  { name: 'New Orleans', state: 'LA', lat: 29.9511, lng: -90.0715, population: 1.3 },
  { name: 'Salt Lake City', state: 'UT', lat: 40.7608, lng: -111.891, population: 1.3 },
  { name: 'Hartford', state: 'CT', lat: 41.7658, lng: -72.6734, population: 1.2 },
  { name: 'Buffalo', state: 'NY', lat: 42.8864, lng: -78.8784, population: 1.1 },
  { name: 'Birmingham', state: 'AL', lat: 33.5186, lng: -86.8104, population: 1.1 },
];

/** The box the uniform 30 % (and the random search points) are drawn from. */
export const US_BOX = { minLat: 25, maxLat: 49, minLng: -124, maxLng: -67 } as const;

/** Providers scatter around a metro centre with this standard deviation (miles): bigger metros sprawl more. */
export const metroSigmaMiles = (metro: Metro) =>
  Math.round((10 + 4 * Math.sqrt(metro.population)) * 10) / 10;
