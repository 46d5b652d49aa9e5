import { authChecks } from './auth-checks.ts';
import { bookingChecks } from './booking-checks.ts';
import { calendarChecks } from './calendar-checks.ts';
import type { SuiteGroup } from './context.ts';
import { databaseChecks } from './database-checks.ts';
import { locationChecks } from './location-checks.ts';
import { paymentChecks } from './payment-checks.ts';
import { providerChecks } from './provider-checks.ts';
import { securityChecks } from './security-checks.ts';

/** The eight groups, in the order "Run All Tests" runs them. */
export const suiteGroups: readonly SuiteGroup[] = [
  { id: 'auth', name: 'Authentication System', checks: authChecks },
  { id: 'providers', name: 'Service Provider Management', checks: providerChecks },
  { id: 'location', name: 'Location & Search', checks: locationChecks },
  { id: 'booking', name: 'Booking System', checks: bookingChecks },
  { id: 'payment', name: 'Payment Integration', checks: paymentChecks },
  { id: 'calendar', name: 'Calendar & Reminders', checks: calendarChecks },
  { id: 'database', name: 'Database Operations', checks: databaseChecks },
  { id: 'security', name: 'Security & Validation', checks: securityChecks },
];
