import { format } from 'date-fns';
import type { PayoutAccountStatus, PayoutSchedule } from '#core/billing/payouts.ts';

/** Dates as "Nov 23, 2026", as billing writes them. */
export const formatDay = (iso: string) => format(new Date(iso), 'MMM d, yyyy');

type Variant = 'default' | 'secondary' | 'outline' | 'destructive' | 'success';

export const accountLooks: Record<PayoutAccountStatus, { label: string; variant: Variant }> = {
  not_started: { label: 'Not started', variant: 'outline' },
  pending_verification: { label: 'Pending verification', variant: 'secondary' },
  payouts_enabled: { label: 'Payouts enabled', variant: 'success' },
  restricted: { label: 'Restricted', variant: 'destructive' },
};

/** What the main button says for an account in this state. */
export const onboardingAction: Record<PayoutAccountStatus, string> = {
  not_started: 'Set up payouts',
  pending_verification: 'Finish setting up',
  restricted: 'Finish setting up',
  payouts_enabled: 'Update bank details',
};

export const scheduleLabels: Record<PayoutSchedule, string> = {
  daily: 'Daily',
  weekly: 'Weekly on Mondays',
};

/** Core's schedules, in its order (the labels above name each of them). */
export const schedules = Object.keys(scheduleLabels) as PayoutSchedule[];

export const payoutLooks: Record<string, { label: string; variant: Variant }> = {
  in_transit: { label: 'On its way', variant: 'outline' },
  paid: { label: 'Paid', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  canceled: { label: 'Canceled', variant: 'secondary' },
};
