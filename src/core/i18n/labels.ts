import { scoreLabels } from '../auth/password-score.ts';
import { brandLabels } from '../billing/cards.ts';
import { bookingStatusLabels, preferredTimeLabels } from '../bookings/catalog.ts';
import { truckPlaceLabels, urgencyLabels } from '../bookings/safety.ts';
import { technicianStatusLabels } from '../fleet/board.ts';
import { categoryLabels, channelLabels } from '../notification-preferences.ts';
import { serviceTypeLabels } from '../providers/catalog.ts';
import { reviewedFieldLabels } from '../providers/reviewed-fields.ts';
import { roleLabels } from '../users/roles.ts';

/** The services a driver can book (core/providers/catalog.ts serviceOptionsFor), by their name. */
const serviceNames = {
  'Engine Diagnostics': 'Engine Diagnostics',
  'Brake Repair': 'Brake Repair',
  'Transmission Service': 'Transmission Service',
  'Emergency Service': 'Emergency Service',
  'Tire Replacement': 'Tire Replacement',
  'Tire Repair': 'Tire Repair',
  'Wheel Alignment': 'Wheel Alignment',
  'Road Service': 'Road Service',
} as Record<string, string>;

/**
 * The labels of the domain's lists, in English as the product's rules give them; the Spanish
 * set (labels.es.ts) has the same shape. Web pages, emails and exports read them by language.
 */
export const englishLabels = {
  role: roleLabels,
  serviceType: serviceTypeLabels,
  service: serviceNames,
  bookingStatus: bookingStatusLabels,
  preferredTime: preferredTimeLabels,
  truckPlace: truckPlaceLabels,
  urgency: urgencyLabels,
  technicianStatus: technicianStatusLabels,
  notificationCategory: categoryLabels,
  channel: channelLabels,
  reviewedField: reviewedFieldLabels,
  passwordScore: scoreLabels,
  cardBrand: brandLabels,
};
export type Labels = typeof englishLabels;

/** A label of a list by its value, the value itself when the list has none (a custom service). */
export const labelOf = <K extends keyof Labels>(labels: Labels, list: K, value: string): string =>
  (labels[list] as Record<string, string | undefined>)[value] ?? value;
