import type { BookingStatus } from '../../../core/bookings/catalog.ts';

/** SPEC.md §4's labels; anything unrecognised reads Unknown. */
const looks: Record<BookingStatus, { label: string; badge: string }> = {
  pending: { label: 'Pending', badge: 'bg-amber-300 text-black' },
  confirmed: { label: 'Confirmed', badge: 'bg-blue-700 text-white' },
  in_progress: { label: 'In Progress', badge: 'bg-violet-700 text-white' },
  completed: { label: 'Completed', badge: 'bg-green-700 text-white' },
  cancelled: { label: 'Cancelled', badge: 'bg-slate-600 text-white' },
};

export const bookingStatusLook = (status: string) =>
  looks[status as BookingStatus] ?? { label: 'Unknown', badge: 'bg-slate-600 text-white' };
