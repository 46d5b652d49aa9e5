import { describe, expect, it } from 'vitest';
import { licenseFormSchema } from './business-forms.ts';
import { createBusinessSchema } from './schemas.ts';

const address = { address: '400 Commerce St', city: 'Dallas', state: 'TX', zipCode: '75202' };
const business = {
  businessName: 'Brazos Mobile Tire',
  serviceType: 'tire_shop',
  ...address,
  phone: '(214) 555-0177',
  email: 'tires@brazos.example',
};

describe('licenseFormSchema', () => {
  it('requires both numbers on the profile, though the API takes a business without them', () => {
    const blank = licenseFormSchema.safeParse({ licenseNumber: ' ', insurancePolicy: '' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['licenseNumber', 'Business license number is required'],
      ['insurancePolicy', 'Insurance policy number is required'],
    ]);
    expect(createBusinessSchema.safeParse(business).success).toBe(true);
  });

  it('trims what was typed', () => {
    expect(licenseFormSchema.parse({ licenseNumber: ' TX-1 ', insurancePolicy: 'P-2' })).toEqual({
      licenseNumber: 'TX-1',
      insurancePolicy: 'P-2',
    });
  });
});
