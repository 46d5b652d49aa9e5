export const bookingStatuses = [
  'pending',
  'confirmed',
  'in_progress',
  'completed',
  'cancelled',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export const preferredTimes = ['morning', 'afternoon', 'evening', 'asap'] as const;
export type PreferredTime = (typeof preferredTimes)[number];

export const preferredTimeLabels: Record<PreferredTime, string> = {
  morning: 'Morning 8AM-12PM',
  afternoon: 'Afternoon 12PM-5PM',
  evening: 'Evening 5PM-8PM',
  asap: 'ASAP',
};
