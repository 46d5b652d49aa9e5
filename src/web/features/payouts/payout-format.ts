import type { PayoutAccountStatus, PayoutSchedule } from '#core/billing/payouts.ts';

type Variant = 'default' | 'secondary' | 'outline' | 'destructive' | 'success';

/** How an account's status badge looks (its label is `accountStatus` in the catalog). */
export const accountVariants: Record<PayoutAccountStatus, Variant> = {
  not_started: 'outline',
  pending_verification: 'secondary',
  payouts_enabled: 'success',
  restricted: 'destructive',
};

/** Core's schedules, in its order (`schedule` in the catalog names each of them). */
export const schedules: PayoutSchedule[] = ['daily', 'weekly'];

export const payoutVariants: Record<string, Variant> = {
  in_transit: 'outline',
  paid: 'success',
  failed: 'destructive',
  canceled: 'secondary',
};
