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
      pushMessageFor(
        note({ title: 'Help needed nearby', metadata: { helpRequestId: 'h1', urgent: true } }),
      ),
    ).toEqual({
      title: 'Help needed nearby',
      body: 'A driver needs help nearby. Open the app to accept or pass.',
      url: '/bookings?help=h1',
      tag: 'help-request-h1',
      urgent: true,
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
