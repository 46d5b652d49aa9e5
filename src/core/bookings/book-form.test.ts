import { describe, expect, it } from 'vitest';
import { bookServiceFormToInput } from './book-form-input.ts';
import { bookServiceFormFor, type BookServiceForm } from './book-form.ts';

const filled: BookServiceForm = {
  serviceType: 'Brake Repair',
  description: '',
  vehicleDetails: '2019 Peterbilt 579, air leak',
  preferredDate: '2026-11-22',
  preferredTime: 'asap',
  location: '',
  truckLocation: 'parking',
};

describe('the Book Service form', () => {
  const schema = bookServiceFormFor('2026-11-22');

  it('needs a service type and nothing else', () => {
    expect(schema.safeParse({ ...filled, serviceType: '' }).error?.issues[0]?.message).toBe(
      'Please choose a service type',
    );
    expect(
      schema.safeParse({ ...filled, vehicleDetails: '', preferredDate: '', preferredTime: '' })
        .success,
    ).toBe(true);
  });

  it('refuses a preferred date before today, and takes today', () => {
    expect(
      schema.safeParse({ ...filled, preferredDate: '2026-11-21' }).error?.issues[0]?.message,
    ).toBe('Preferred date cannot be earlier than today');
    expect(schema.safeParse(filled).success).toBe(true);
  });

  it('sends only what was filled, with the position when known', () => {
    expect(bookServiceFormToInput('p1', filled, { latitude: 32.7, longitude: -96.8 })).toEqual({
      providerId: 'p1',
      serviceType: 'Brake Repair',
      vehicleDetails: '2019 Peterbilt 579, air leak',
      preferredDate: '2026-11-22',
      preferredTime: 'asap',
      truckLocation: 'parking',
      latitude: 32.7,
      longitude: -96.8,
    });
    expect(bookServiceFormToInput('p1', { ...filled, preferredTime: '' }, null)).not.toHaveProperty(
      'latitude',
    );
  });

  it('asks where the truck is for an emergency or ASAP, and sends it only then', () => {
    const unasked = { ...filled, truckLocation: '' as const };
    expect(schema.safeParse(unasked).error?.issues[0]).toMatchObject({
      path: ['truckLocation'],
      message: 'Tell us where the truck is',
    });
    expect(
      schema.safeParse({ ...unasked, preferredTime: 'morning', serviceType: 'Emergency Service' })
        .success,
    ).toBe(false);
    expect(schema.safeParse({ ...unasked, preferredTime: 'morning' }).success).toBe(true);
    expect(
      bookServiceFormToInput('p1', { ...filled, preferredTime: 'morning' }, null),
    ).not.toHaveProperty('truckLocation');
  });
});
