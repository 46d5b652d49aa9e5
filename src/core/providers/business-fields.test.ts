import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminAddProviderSchema } from '../admin/schemas.ts';
import { providerApplicationFormSchema } from '../auth/registration-forms.ts';
import { businessFieldRules } from './business-fields.ts';
import { businessFormSchema } from './business-forms.ts';
import {
  createBusinessSchema,
  providerApplicationSchema,
  updateBusinessSchema,
} from './schemas.ts';

const messageFor = (schema: z.ZodType, body: object, field: string) =>
  schema.safeParse(body).error?.issues.find((i) => i.path[0] === field)?.message;

const schemas: [string, z.ZodType][] = [
  ['create business', createBusinessSchema],
  ['update business', updateBusinessSchema],
  ['profile form', businessFormSchema],
  ['application', providerApplicationSchema],
  ['application form', providerApplicationFormSchema],
  ['admin add provider', adminAddProviderSchema],
];

describe('business field rules', () => {
  it.each(schemas)('%s: name, city, state, phone and email follow the one rule', (_, schema) => {
    const body = {
      businessName: 'x'.repeat(121),
      city: 'D',
      state: 'T',
      phone: '214',
      email: 'a@',
    };
    for (const [field, value] of Object.entries(body)) {
      const rule = businessFieldRules[field as keyof typeof body];
      expect(messageFor(schema, body, field)).toBe(rule.safeParse(value).error?.issues[0]?.message);
    }
    expect(messageFor(schema, body, 'businessName')).toBe(
      'Business name must be at most 120 characters',
    );
  });

  it('words the ZIP code and service type as each form specifies', () => {
    const body = { zipCode: '752', serviceType: '' };
    expect(messageFor(createBusinessSchema, body, 'zipCode')).toBe(
      'ZIP code must be 5 digits (or ZIP+4)',
    );
    expect(messageFor(providerApplicationSchema, body, 'zipCode')).toBe('ZIP code is required');
    expect(messageFor(adminAddProviderSchema, body, 'zipCode')).toBe('Enter a 5-digit ZIP code');
    expect(messageFor(createBusinessSchema, body, 'serviceType')).toBe(
      'Please select your service type',
    );
    expect(messageFor(adminAddProviderSchema, body, 'serviceType')).toBe(
      'Please select a service type',
    );
  });

  it('takes license and insurance numbers with a new business, not in a change', () => {
    expect(
      messageFor(createBusinessSchema, { licenseNumber: 'x'.repeat(61) }, 'licenseNumber'),
    ).toBe('Business license number must be at most 60 characters');
    const change = updateBusinessSchema.safeParse({ licenseNumber: 'TX-1' });
    expect(change.error?.issues[0]?.code).toBe('unrecognized_keys');
  });
});
