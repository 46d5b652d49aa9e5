/** Demo providers in and around Dallas and Houston, Texas. Phone numbers use the fictional 555-01xx range. */
export interface DemoProvider {
  businessName: string;
  serviceType: 'mobile_mechanic' | 'tire_shop' | 'towing';
  address: string;
  city: string;
  zipCode: string;
  latitude: number;
  longitude: number;
  phone: string;
  visitFee: number;
  hourlyRate: number;
  status: 'available' | 'busy' | 'enroute' | 'offline';
  is24Hour: boolean;
  acceptsAAA: boolean;
  specialties: string[];
  certifications: string[];
  description: string;
}

type Row = [
  name: string,
  type: DemoProvider['serviceType'],
  address: string,
  city: string,
  zip: string,
  lat: number,
  lng: number,
  phone: string,
  visitFee: number,
  hourlyRate: number,
  status: DemoProvider['status'],
  is24Hour: boolean,
  acceptsAAA: boolean,
  specialties: string[],
  certifications: string[],
];

const rows: Row[] = [
  // Dallas and around
  ['Lone Star Mobile Truck Repair', 'mobile_mechanic', '2150 Irving Blvd', 'Dallas', '75207', 32.79021, -96.83074, '(214) 555-0101', 95, 125, 'available', true, true, ['Engine Diagnostics', 'Brake Repair', 'Air Brake Systems', 'Emergency Service'], ['ASE Certified', 'ASE Medium/Heavy Truck (T-Series)', 'Cummins Certified']],
  ['Big D Diesel Roadside', 'mobile_mechanic', '4800 Singleton Blvd', 'Dallas', '75212', 32.77712, -96.87968, '(214) 555-0102', 110, 135, 'available', true, false, ['Engine Diagnostics', 'DEF/DPF Repair', 'Transmission Service', 'Cooling Systems'], ['ASE Certified', 'Detroit Diesel Certified']],
  ['Trinity Tire & Wheel', 'tire_shop', '3311 S Lamar St', 'Dallas', '75215', 32.75603, -96.78204, '(214) 555-0103', 65, 90, 'available', false, true, ['Tire Replacement', 'Tire Repair', 'Wheel Alignment', 'Commercial Tires'], ['TIA Commercial Tire Certified']],
  ['I-35 Towing & Recovery', 'towing', '7100 S R L Thornton Fwy', 'Dallas', '75232', 32.67805, -96.82199, '(214) 555-0104', 150, 175, 'busy', true, true, ['Heavy-Duty Towing', 'Accident Recovery', 'Winch-Outs', 'Load Shifts'], ['WreckMaster Certified', 'TRAA Certified']],
  ['Metroplex Fleet Mechanics', 'mobile_mechanic', '1200 W Airport Fwy', 'Irving', '75062', 32.83604, -96.96001, '(972) 555-0105', 99, 120, 'enroute', false, true, ['Brake Repair', 'Electrical', 'Preventive Maintenance', 'Engine Diagnostics'], ['ASE Certified', 'DOT Compliant']],
  ['Garland Truck Tire Center', 'tire_shop', '2500 S Jupiter Rd', 'Garland', '75041', 32.87702, -96.65498, '(972) 555-0106', 70, 95, 'available', false, false, ['Tire Replacement', 'Balancing', 'Retreads', 'Road Service'], ['TIA Commercial Tire Certified']],
  ['Mesquite Heavy Tow', 'towing', '3900 Gus Thomasson Rd', 'Mesquite', '75150', 32.80498, -96.63002, '(972) 555-0107', 135, 160, 'available', true, true, ['Heavy-Duty Towing', 'Jump Starts', 'Lockouts', 'Winch-Outs'], ['WreckMaster Certified']],
  ['Grand Prairie Diesel Doctor', 'mobile_mechanic', '2100 N State Hwy 360', 'Grand Prairie', '75050', 32.76899, -97.05797, '(972) 555-0108', 85, 115, 'offline', false, false, ['Engine Diagnostics', 'Cooling Systems', 'Electrical'], ['ASE Certified']],
  ['Arlington Road Service', 'tire_shop', '1500 E Division St', 'Arlington', '76011', 32.74003, -97.08601, '(817) 555-0109', 75, 100, 'available', true, true, ['Road Service', 'Tire Repair', 'Tire Replacement'], ['TIA Commercial Tire Certified', 'DOT Compliant']],
  ['Lancaster Truck Stop Repair', 'mobile_mechanic', '1400 N Dallas Ave', 'Lancaster', '75134', 32.61003, -96.75598, '(972) 555-0110', 90, 110, 'busy', true, false, ['Brake Repair', 'Air Brake Systems', 'Emergency Service'], ['ASE Medium/Heavy Truck (T-Series)']],
  ['Carrollton Brake & Air', 'mobile_mechanic', '2600 E Belt Line Rd', 'Carrollton', '75006', 32.95401, -96.88998, '(972) 555-0111', 80, 105, 'available', false, true, ['Brake Repair', 'Air Brake Systems', 'Transmission Service'], ['ASE Certified', 'EPA 609']],
  ['Stemmons Wrecker Service', 'towing', '8500 N Stemmons Fwy', 'Dallas', '75247', 32.82799, -96.87302, '(214) 555-0112', 140, 165, 'offline', true, false, ['Heavy-Duty Towing', 'Accident Recovery', 'Road Service'], ['TRAA Certified']],
  ['Richardson Tire Express', 'tire_shop', '1000 N Central Expy', 'Richardson', '75080', 32.96199, -96.72703, '(972) 555-0113', 60, 85, 'enroute', false, true, ['Tire Repair', 'Tire Replacement', 'Wheel Alignment'], ['TIA Commercial Tire Certified']],
  ['Cowtown Truck Towing', 'towing', '3000 N Main St', 'Fort Worth', '76164', 32.78502, -97.35001, '(817) 555-0114', 130, 155, 'available', true, false, ['Heavy-Duty Towing', 'Lockouts', 'Jump Starts'], ['WreckMaster Certified', 'DOT Compliant']],
  // Houston and around
  ['Bayou City Mobile Diesel', 'mobile_mechanic', '5600 Clinton Dr', 'Houston', '77020', 29.75702, -95.31499, '(713) 555-0115', 105, 130, 'available', true, true, ['Engine Diagnostics', 'DEF/DPF Repair', 'Emergency Service', 'Electrical'], ['ASE Certified', 'Cummins Certified']],
  ['Gulf Coast Truck Tire', 'tire_shop', '8700 North Fwy', 'Houston', '77037', 29.89098, -95.41002, '(713) 555-0116', 70, 95, 'available', true, false, ['Tire Replacement', 'Road Service', 'Commercial Tires'], ['TIA Commercial Tire Certified']],
  ['Harris County Heavy Recovery', 'towing', '12000 East Fwy', 'Houston', '77029', 29.78001, -95.23998, '(713) 555-0117', 160, 185, 'available', true, true, ['Heavy-Duty Towing', 'Accident Recovery', 'Load Shifts', 'Winch-Outs'], ['WreckMaster Certified', 'TRAA Certified']],
  ['Pasadena Diesel Works', 'mobile_mechanic', '2300 Red Bluff Rd', 'Pasadena', '77506', 29.69003, -95.19001, '(281) 555-0118', 90, 115, 'busy', false, true, ['Transmission Service', 'Engine Diagnostics', 'Cooling Systems'], ['ASE Certified']],
  ['Katy Freeway Tire & Lube', 'tire_shop', '25000 Katy Fwy', 'Katy', '77494', 29.78301, -95.78002, '(281) 555-0119', 65, 90, 'offline', false, false, ['Tire Replacement', 'Balancing', 'Wheel Alignment'], ['TIA Commercial Tire Certified']],
  ['Baytown Roadside Rescue', 'towing', '4500 Garth Rd', 'Baytown', '77521', 29.78002, -94.99003, '(281) 555-0120', 125, 150, 'enroute', true, false, ['Jump Starts', 'Lockouts', 'Road Service', 'Heavy-Duty Towing'], ['TRAA Certified']],
  ['Sugar Land Fleet Service', 'mobile_mechanic', '13000 Southwest Fwy', 'Sugar Land', '77478', 29.61001, -95.62998, '(281) 555-0121', 95, 125, 'available', false, true, ['Preventive Maintenance', 'Brake Repair', 'Electrical'], ['ASE Certified', 'DOT Compliant']],
  ['Spring Truck & Trailer Repair', 'mobile_mechanic', '21000 Interstate 45 N', 'Spring', '77373', 30.04002, -95.42997, '(281) 555-0122', 100, 125, 'available', true, false, ['Trailer Repair', 'Brake Repair', 'Air Brake Systems', 'Emergency Service'], ['ASE Medium/Heavy Truck (T-Series)']],
  ['Humble Tire Pros', 'tire_shop', '9800 FM 1960 Bypass Rd W', 'Humble', '77338', 29.99801, -95.27002, '(281) 555-0123', 55, 80, 'available', false, true, ['Tire Repair', 'Tire Replacement', 'Road Service'], ['TIA Commercial Tire Certified']],
  ['Ship Channel Towing', 'towing', '16000 Market St', 'Channelview', '77530', 29.78003, -95.12002, '(281) 555-0124', 145, 170, 'busy', true, true, ['Heavy-Duty Towing', 'Accident Recovery', 'Winch-Outs'], ['WreckMaster Certified']],
  ['Loop 610 Diesel Mechanics', 'mobile_mechanic', '3100 S Loop W', 'Houston', '77054', 29.68002, -95.42001, '(713) 555-0125', 115, 140, 'available', true, true, ['Engine Diagnostics', 'Transmission Service', 'Brake Repair', 'Emergency Service'], ['ASE Certified', 'Detroit Diesel Certified', 'EPA 609']],
  ['Bellaire Tire & Wheel', 'tire_shop', '8300 Bellaire Blvd', 'Houston', '77036', 29.70502, -95.53001, '(713) 555-0126', 60, 85, 'available', false, false, ['Tire Repair', 'Wheel Alignment', 'Balancing'], ['TIA Commercial Tire Certified']],
];

const describe = (type: DemoProvider['serviceType'], city: string, is24Hour: boolean): string => {
  const hours = is24Hour ? 'Around the clock, every day of the year' : 'Monday to Saturday';
  switch (type) {
    case 'mobile_mechanic':
      return `Mobile diesel mechanics serving ${city} and the surrounding interstates. We come to your truck with a fully stocked service van. ${hours}.`;
    case 'tire_shop':
      return `Commercial truck tire sales and road service out of ${city}. Steer, drive and trailer tires in stock. ${hours}.`;
    case 'towing':
      return `Light, medium and heavy-duty towing and recovery based in ${city}. Rotators and lowboys for loaded rigs. ${hours}.`;
  }
};

export const demoProviders: DemoProvider[] = rows.map(
  ([businessName, serviceType, address, city, zipCode, latitude, longitude, phone, visitFee, hourlyRate, status, is24Hour, acceptsAAA, specialties, certifications]) => ({
    businessName,
    serviceType,
    address,
    city,
    zipCode,
    latitude,
    longitude,
    phone,
    visitFee,
    hourlyRate,
    status,
    is24Hour,
    acceptsAAA,
    specialties,
    certifications,
    description: describe(serviceType, city, is24Hour),
  }),
);

export const reviewComments: Record<number, string[]> = {
  5: [
    'Showed up in 40 minutes at 2 a.m. on I-45 and had me rolling again. Lifesaver.',
    'Fair price, explained everything, fixed it right the first time.',
    'Best roadside service I have used in 20 years of driving.',
    'Fast, professional and honest. Saved my delivery window.',
    'Knew exactly what was wrong with my air brakes. Highly recommend.',
  ],
  4: [
    'Good work and reasonable rates. Took a little longer than quoted.',
    'Solid service, friendly tech. Would call again.',
    'Got the job done on the shoulder in the rain. Thanks!',
    'Professional crew, fair price, a bit of a wait for parts.',
  ],
  3: [
    'Fixed the problem but arrived over an hour late.',
    'Okay service. Pricey for what it was.',
    'Decent work, communication could be better.',
  ],
  2: ['Had to call twice before anyone came out.', 'Repair held but the bill was higher than the quote.'],
  1: ['Never showed up at the time they promised.'],
};
