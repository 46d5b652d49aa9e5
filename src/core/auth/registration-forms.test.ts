import { describe, expect, it } from 'vitest';
import {
  driverRegistrationFormSchema,
  providerApplicationFormSchema,
} from './registration-forms.ts';
import {
  driverFormToRegister,
  providerFormToApplication,
  usernameFromEmail,
} from './registration-input.ts';

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('driver registration form', () => {
  it("shows every field's message, the password match included, at once", () => {
    const result = driverRegistrationFormSchema.safeParse({
      fullName: 'A',
      email: 'x',
      phone: '123',
      company: '',
      vehicleType: '',
      licenseNumber: '',
      aaaId: '',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(messagesOf(result)).toEqual({
      fullName: 'Full name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'Phone number must be at least 10 digits',
      vehicleType: 'Please select your vehicle type',
      licenseNumber: 'Commercial license number is required',
      password: 'Password must be at least 8 characters',
      confirmPassword: "Passwords don't match",
    });
  });

  it('becomes a driver sign-up with a username from the email', () => {
    const form = driverRegistrationFormSchema.parse({
      fullName: 'Marcus Johnson',
      email: 'Marcus.J@Example.com',
      phone: '2145550142',
      company: 'Red River Freight',
      vehicleType: 'semi_truck',
      licenseNumber: 'TX-1',
      aaaId: '',
      password: 'long enough',
      confirmPassword: 'long enough',
    });
    const payload = driverFormToRegister(form);
    expect(payload).toMatchObject({
      role: 'driver',
      name: 'Marcus Johnson',
      email: 'marcus.j@example.com',
      cdlNumber: 'TX-1',
      vehicleType: 'semi_truck',
    });
    expect(payload.username).toMatch(/^marcus\.j-[0-9a-z]{4}$/);
  });
});

describe('provider application form', () => {
  it('shows the specified messages', () => {
    const blank = Object.fromEntries(
      Object.keys(providerApplicationFormSchema.shape).map((key) => [key, '']),
    );
    const result = providerApplicationFormSchema.safeParse({
      ...blank,
      acceptsAAA: false,
      is24Hour: false,
    });
    expect(messagesOf(result)).toEqual({
      businessName: 'Business name must be at least 2 characters',
      contactName: 'Contact name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'Phone number must be at least 10 digits',
      serviceType: 'Please select your service type',
      businessAddress: 'Business address is required',
      city: 'City is required',
      state: 'State is required',
      zipCode: 'ZIP code is required',
      visitFee: 'Visit fee is required',
      hourlyRate: 'Hourly rate is required',
      licenseNumber: 'Business license number is required',
      insurancePolicy: 'Insurance policy number is required',
      password: 'Password must be at least 8 characters',
    });
  });

  it('says the passwords differ even while other fields are still wrong', () => {
    const result = providerApplicationFormSchema.safeParse({
      businessName: '',
      visitFee: '',
      password: 'long enough',
      confirmPassword: 'other',
    });
    expect(messagesOf(result).confirmPassword).toBe("Passwords don't match");
  });

  it('turns fees into numbers and comma-separated specialties into a list', () => {
    const application = providerFormToApplication({
      businessName: 'Red River Diesel',
      contactName: 'Rosa Diaz',
      email: 'rosa@example.com',
      phone: '2145550188',
      serviceType: 'tire_shop',
      businessAddress: '1200 Industrial Blvd',
      city: 'Dallas',
      state: 'TX',
      zipCode: '75207',
      visitFee: '89.50',
      hourlyRate: '120',
      specialties: ' Tire Repair, , Road Service ',
      description: '',
      acceptsAAA: true,
      is24Hour: false,
      licenseNumber: 'L',
      insurancePolicy: 'I',
      password: 'long enough',
      confirmPassword: 'long enough',
    });
    expect(application).toMatchObject({
      visitFee: 89.5,
      hourlyRate: 120,
      specialties: ['Tire Repair', 'Road Service'],
    });
    expect(application).not.toHaveProperty('confirmPassword');
  });

  it('makes usernames the server accepts', () => {
    expect(usernameFromEmail('ölaf+trucks@example.com', () => 0)).toBe('laftrucks-0000');
    expect(usernameFromEmail('@example.com', () => 0.5)).toMatch(/^driver-/);
  });
});
