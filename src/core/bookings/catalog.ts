export const bookingStatuses = [
  'pending',
  'confirmed',
  'in_progress',
  'completed',
  'cancelled',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** How a status reads to people (badges, notifications). */
export const bookingStatusLabels: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const preferredTimes = ['morning', 'afternoon', 'evening', 'asap'] as const;
export type PreferredTime = (typeof preferredTimes)[number];

export const preferredTimeLabels: Record<PreferredTime, string> = {
  morning: 'Morning 8AM-12PM',
  afternoon: 'Afternoon 12PM-5PM',
  evening: 'Evening 5PM-8PM',
  asap: 'ASAP',
};
