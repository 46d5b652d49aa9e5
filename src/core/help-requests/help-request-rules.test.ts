import { describe, expect, it } from 'vitest';
import {
  helpProgress,
  helpRequestFormToInput,
  helpServices,
  providerTypesFor,
} from './help-request-rules.ts';
import type { HelpRequest } from './help-request.ts';

const request = (over: Partial<HelpRequest>): HelpRequest => ({
  id: '11111111-1111-4111-8111-111111111111',
  status: 'open',
  serviceType: 'Brake Repair',
  radiusMiles: 25,
  round: 1,
  nextStepAt: null,
  bookingId: null,
  createdAt: '2026-11-25T02:00:00.000Z',
  invites: [],
  ...over,
});
const invite = (status: HelpRequest['invites'][number]['status'], round = 1) => ({
  providerId: crypto.randomUUID(),
  businessName: 'Shop',
  status,
  round,
});

describe('help requests', () => {
  it('says in one line how far a request has come', () => {
    expect(helpProgress(request({ invites: [invite('asked')] }))).toBe('1 provider asked');
    expect(
      helpProgress(
        request({
          round: 2,
          radiusMiles: 50,
          invites: [invite('declined'), invite('asked'), invite('asked', 2)],
        }),
      ),
    ).toBe('3 providers asked · 1 declined · widening to 50 mi');
  });

  it('knows which kinds of provider offer a service', () => {
    expect(providerTypesFor('Brake Repair')).toEqual(['mobile_mechanic']);
    expect(providerTypesFor('Tire Repair')).toEqual(['tire_shop', 'towing']);
    expect(providerTypesFor('Painting')).toEqual([]);
    expect(new Set(helpServices).size).toBe(helpServices.length);
  });

  it('sends the form as a request wanted as soon as possible, with the picks only when there are some', () => {
    const form = {
      serviceType: 'Brake Repair',
      description: '',
      vehicleDetails: '2019 Peterbilt 579',
      preferredDate: '',
      preferredTime: '' as const,
      location: 'I-45 mile 212',
      truckLocation: 'shoulder' as const,
    };
    const at = { latitude: 32.7, longitude: -96.8 };
    expect(helpRequestFormToInput(form, at, [])).toEqual({
      serviceType: 'Brake Repair',
      vehicleDetails: '2019 Peterbilt 579',
      preferredTime: 'asap',
      location: 'I-45 mile 212',
      truckLocation: 'shoulder',
      latitude: 32.7,
      longitude: -96.8,
    });
    expect(helpRequestFormToInput(form, at, ['a']).providerIds).toEqual(['a']);
  });
});
