import { describe, expect, it } from 'vitest';
import { bookingStatuses, type BookingStatus } from './catalog.ts';
import { canMoveBooking, driverMayCancel, isCurrentBooking, type BookingActor } from './rules.ts';

const allowed: Record<Exclude<BookingActor, 'admin'>, string[]> = {
  driver: ['pending>cancelled', 'confirmed>cancelled'],
  provider: [
    'pending>confirmed',
    'pending>cancelled',
    'confirmed>in_progress',
    'confirmed>cancelled',
    'in_progress>completed',
  ],
  technician: ['confirmed>in_progress', 'in_progress>completed'],
};

describe('booking status machine', () => {
  for (const actor of ['driver', 'provider', 'technician'] as const) {
    it(`lets the ${actor} make exactly its moves, for every pair of statuses`, () => {
      for (const from of bookingStatuses) {
        for (const to of bookingStatuses) {
          expect(canMoveBooking(actor, from, to), `${actor} ${from} > ${to}`).toBe(
            allowed[actor].includes(`${from}>${to}`),
          );
        }
      }
    });
  }

  it('lets an admin set any other status', () => {
    for (const from of bookingStatuses) {
      for (const to of bookingStatuses) expect(canMoveBooking('admin', from, to)).toBe(from !== to);
    }
  });

  it('has nothing after completed or cancelled, except for an admin', () => {
    for (const end of ['completed', 'cancelled'] as BookingStatus[]) {
      for (const to of bookingStatuses) {
        expect(canMoveBooking('driver', end, to)).toBe(false);
        expect(canMoveBooking('provider', end, to)).toBe(false);
        expect(canMoveBooking('technician', end, to)).toBe(false);
      }
    }
  });

  it('splits current from history and knows when the driver may cancel', () => {
    expect(bookingStatuses.filter(isCurrentBooking)).toEqual([
      'pending',
      'confirmed',
      'in_progress',
    ]);
    expect(bookingStatuses.filter(driverMayCancel)).toEqual(['pending', 'confirmed']);
  });
});
