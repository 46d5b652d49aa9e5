import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../core/notifications.ts';
import { pushMessageFor } from './push-message.ts';

const note = (overrides: Partial<Notification>): Notification => ({
  id: '7d6f0c1e-0000-4000-8000-000000000001',
  type: 'booking_update',
  title: 'Booking updated by Truck Finder',
  message: 'The Brake Repair booking for Dana Driver is now Cancelled. Reason: call 214-555-0100',
  read: false,
  createdAt: new Date(0).toISOString(),
  metadata: null,
  ...overrides,
});

describe('pushMessageFor', () => {
  it('never pushes the message: a booking gets a fixed line, its card and its tag', () => {
    expect(pushMessageFor(note({ metadata: { bookingId: 'b1', providerId: 'p1' } }))).toEqual({
      title: 'Booking updated by Truck Finder',
      body: 'Open your bookings to see what changed.',
      url: '/bookings?booking=b1',
      tag: 'booking-b1',
    });
  });

  it('asks a provider to accept or decline a request, urgent beside traffic', () => {
    expect(
      pushMessageFor(
        note({ title: 'Urgent booking request', metadata: { bookingId: 'b2', urgent: true } }),
      ),
    ).toMatchObject({ body: 'Open your bookings to accept or decline.', urgent: true });
    expect(
      pushMessageFor(note({ type: 'review_request', metadata: { bookingId: 'b3' } })).body,
    ).toBe('Open your bookings to rate the service.');
  });

  it('opens a help request and tags it by its id, so a newer message about it replaces the older', () => {
    expect(
      pushMessageFor(note({ title: 'Help needed nearby', metadata: { helpRequestId: 'h1' } })),
    ).toEqual({
      title: 'Help needed nearby',
      body: 'A driver needs help nearby. Open the app to accept or pass.',
      url: '/bookings?help=h1',
      tag: 'help-request-h1',
      urgent: true,
    });
  });

  it('flags a help request beside moving traffic in its title and line', () => {
    expect(
      pushMessageFor(
        note({
          title: 'Urgent: driver needs help nearby',
          metadata: { helpRequestId: 'h2', urgent: true, category: 'job_requests' },
        }),
      ),
    ).toEqual({
      title: 'Urgent: driver needs help nearby',
      body: 'A truck is stopped beside moving traffic. Open the app to accept or pass.',
      url: '/bookings?help=h2',
      tag: 'help-request-h2',
      urgent: true,
    });
  });

  it('tells the driver the provider is on the way with the ETA only, then that they arrived', () => {
    const enRoute = pushMessageFor(
      note({
        title: 'Your mechanic is on the way',
        metadata: { bookingId: 'b4', kind: 'en_route', etaMinutes: 15 },
      }),
    );
    expect(enRoute).toEqual({
      title: 'Your mechanic is on the way',
      body: 'About 15 min away. Open your bookings to follow them on the map.',
      url: '/bookings?booking=b4',
      tag: 'booking-b4',
    });
    expect(
      pushMessageFor(
        note({
          title: 'Your mechanic is on the way',
          metadata: { bookingId: 'b4', kind: 'en_route' },
        }),
      ).body,
    ).toBe('Open your bookings to follow them on the map.');
    expect(
      pushMessageFor(
        note({
          title: 'Your mechanic has arrived',
          metadata: { bookingId: 'b4', kind: 'arrived' },
        }),
      ),
    ).toEqual({
      title: 'Your mechanic has arrived',
      body: 'Look out for them at your truck, or open your bookings to call them.',
      url: '/bookings?booking=b4',
      tag: 'booking-b4',
    });
  });

  it('opens a receipt, a plan reminder on Billing and an application in the admin console', () => {
    expect(
      pushMessageFor(
        note({
          type: 'account_update',
          title: 'Payment receipt',
          metadata: { kind: 'payment_receipt', paymentId: 'p9', category: 'payments' },
        }),
      ),
    ).toEqual({
      title: 'Payment receipt',
      body: 'Open it to see or print your receipt.',
      url: '/receipts/p9',
      tag: 'payment-p9',
    });
    expect(
      pushMessageFor(
        note({
          type: 'service_reminder',
          title: 'Your Premium plan renews in 3 days',
          metadata: { kind: 'plan_reminder', reminderType: 'sms' },
        }),
      ),
    ).toEqual({
      title: 'Your Premium plan renews in 3 days',
      body: 'Open Billing to check the card it will be charged to.',
      url: '/profile?tab=subscription',
      tag: 'notification-7d6f0c1e-0000-4000-8000-000000000001',
    });
    expect(
      pushMessageFor(
        note({
          type: 'account_update',
          title: 'New provider application',
          metadata: { kind: 'provider_application', providerId: 'pr1' },
        }),
      ),
    ).toEqual({
      title: 'New provider application',
      body: 'Open the admin console to review it.',
      url: '/admin',
      tag: 'provider-application-pr1',
    });
  });

  it('sends account notices to the profile and reminders to their own line', () => {
    expect(pushMessageFor(note({ type: 'account_update', title: 'Payment failed' }))).toEqual({
      title: 'Payment failed',
      body: 'Open Truck Finder for the details.',
      url: '/profile',
      tag: 'notification-7d6f0c1e-0000-4000-8000-000000000001',
    });
    expect(pushMessageFor(note({ type: 'service_reminder', title: 'Payment reminder' })).body).toBe(
      'Open Truck Finder to see the reminder.',
    );
  });
});
