let applications = 0;
/**
 * A valid provider application (`POST /api/provider-applications`, a Dallas mobile mechanic) with
 * its own new email; used by the API tests, the e2e journeys and the benches' page accounts.
 */
export function newApplication(overrides: Record<string, unknown> = {}) {
  applications += 1;
  return {
    businessName: `Red River Diesel ${applications}`,
    contactName: 'Rosa Diaz',
    email: `apply${applications}-${Date.now().toString(36)}${process.pid}@example.com`,
    phone: '(214) 555-0188',
    serviceType: 'mobile_mechanic',
    businessAddress: '1200 Industrial Blvd',
    city: 'Dallas',
    state: 'TX',
    zipCode: '75207',
    visitFee: 89.5,
    hourlyRate: 120,
    specialties: ['Brake Repair', 'Electrical'],
    description: 'Mobile diesel repair on I-35E.',
    acceptsAAA: true,
    is24Hour: false,
    licenseNumber: 'TX-BL-4455',
    insurancePolicy: 'INS-8899',
    password: 'long enough password',
    ...overrides,
  };
}
