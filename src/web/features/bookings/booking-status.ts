import { bookingStatusLabels as labels, type BookingStatus } from '#core/bookings/catalog.ts';

/** The badges of the status labels; anything unrecognised reads Unknown. */
const looks: Record<BookingStatus, { label: string; badge: string }> = {
  pending: { label: labels.pending, badge: 'bg-amber-300 text-black' },
  confirmed: { label: labels.confirmed, badge: 'bg-blue-700 text-white' },
  in_progress: { label: labels.in_progress, badge: 'bg-violet-700 text-white' },
  completed: { label: labels.completed, badge: 'bg-green-700 text-white' },
  cancelled: { label: labels.cancelled, badge: 'bg-slate-600 text-white' },
};

export const bookingStatusLook = (status: string) =>
  looks[status as BookingStatus] ?? { label: 'Unknown', badge: 'bg-slate-600 text-white' };
