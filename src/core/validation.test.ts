import { describe, expect, it } from 'vitest';
import { adminAddProviderSchema } from './admin/schemas.ts';
import { providerApplicationFormSchema } from './auth/registration-forms.ts';
import { registerSchema } from './auth/schemas.ts';
import {
  createBusinessSchema,
  providerApplicationSchema,
  updateBusinessSchema,
  websiteField,
} from './providers/schemas.ts';
import { profileFormSchema } from './users/profile-form.ts';
import { updateUserSchema } from './users/schemas.ts';
import { messages, nameField, namedField } from './validation.ts';

const markup = '<script>alert(1)</script>';

/** The message zod gives for `field`, or undefined when the value passed. */
function messageFor(
  schema: {
    safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
  field: string,
) {
  return schema.safeParse(value).error?.issues.find((i) => i.path[0] === field)?.message;
}

describe('names', () => {
  it('refuses < and > with one clear message', () => {
    expect(nameField().safeParse('Ana <b>').error?.issues[0]?.message).toBe(messages.noMarkup);
    expect(namedField('Business name', 120).safeParse('Tow > all').error?.issues[0]?.message).toBe(
      'Names cannot contain < or >',
    );
  });

  it('keeps the names people and businesses really have', () => {
    for (const name of ["O'Brien & Sons Towing", 'José Núñez', 'A-1 Diesel (24/7)', 'Smith, Jr.'])
      expect(namedField('Business name', 120).parse(` ${name} `)).toBe(name);
  });

  const register = {
    username: 'marcus',
    email: 'marcus@example.com',
    password: 'longenough',
    name: 'Marcus',
    phone: '(214) 555-0142',
  };
  const business = {
    businessName: 'Brazos Mobile Tire',
    serviceType: 'tire_shop',
    address: '400 Commerce St',
    city: 'Dallas',
    state: 'TX',
    zipCode: '75202',
    phone: '(214) 555-0177',
    email: 'tires@brazos.example',
  };
  const application = {
    ...business,
    contactName: 'Dana Brazos',
    businessAddress: business.address,
    visitFee: 95,
    hourlyRate: 120,
    licenseNumber: 'TX-1',
    insurancePolicy: 'P-2',
    password: 'longenough',
  };
  const applicationForm = {
    ...application,
    visitFee: '95',
    hourlyRate: '120',
    acceptsAAA: false,
    is24Hour: false,
    confirmPassword: 'longenough',
  };
  const addProvider = { ...business, ownerName: 'Dana Brazos', visitFee: 95, hourlyRate: 120 };

  it.each([
    ['registration: name', registerSchema, register, 'name'],
    ['registration: username', registerSchema, register, 'username'],
    ['profile update: name', updateUserSchema, {}, 'name'],
    ['profile form: name', profileFormSchema, { name: 'x' }, 'name'],
    ['business: name', createBusinessSchema, business, 'businessName'],
    ['business change: name', updateBusinessSchema, {}, 'businessName'],
    ['application: business name', providerApplicationSchema, application, 'businessName'],
    ['application: contact name', providerApplicationSchema, application, 'contactName'],
    ['application form: business', providerApplicationFormSchema, applicationForm, 'businessName'],
    ['application form: contact', providerApplicationFormSchema, applicationForm, 'contactName'],
    ['admin add provider: owner', adminAddProviderSchema, addProvider, 'ownerName'],
    ['admin add provider: business', adminAddProviderSchema, addProvider, 'businessName'],
  ] as const)('%s refuses markup', (_what, schema, valid, field) => {
    expect(messageFor(schema, { ...valid, [field]: markup }, field)).toBe(messages.noMarkup);
  });

  it('accepts the same bodies without markup', () => {
    expect(registerSchema.safeParse(register).success).toBe(true);
    expect(createBusinessSchema.safeParse(business).success).toBe(true);
    expect(providerApplicationSchema.safeParse(application).success).toBe(true);
    expect(providerApplicationFormSchema.safeParse(applicationForm).success).toBe(true);
    expect(adminAddProviderSchema.safeParse(addProvider).success).toBe(true);
  });
});

describe('websiteField', () => {
  it.each(['https://brazos.example', 'http://brazos.example/tires?city=dallas', ''])(
    'takes %j',
    (value) => {
      expect(websiteField.safeParse(value).success).toBe(true);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://files.example',
    'mailto:shop@brazos.example',
    'brazos.example',
  ])('refuses %j: only http(s) addresses link out', (value) => {
    expect(websiteField.safeParse(value).error?.issues[0]?.message).toBe(
      'Website must be a full address like https://example.com',
    );
  });

  it('is checked where a business is created or changed', () => {
    expect(messageFor(updateBusinessSchema, { website: 'javascript:alert(1)' }, 'website')).toBe(
      'Website must be a full address like https://example.com',
    );
  });
});
