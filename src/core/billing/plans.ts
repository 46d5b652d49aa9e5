/** The plans (docs/billing.md), in cents; the server's plan table is the only source of a price. */
export const planTypes = ['basic', 'premium', 'enterprise'] as const;
export type PlanType = (typeof planTypes)[number];

export interface Plan {
  type: PlanType;
  name: string;
  priceCents: number;
  /** Bookings a provider may accept per calendar month (UTC); null is unlimited. */
  monthlyBookingLimit: number | null;
  popular: boolean;
  features: readonly string[];
}

/** What a provider without an active plan may do: the same as Basic (docs/decisions/011). */
export const FREE_MONTHLY_BOOKING_LIMIT = 5;

export const plans: Record<PlanType, Plan> = {
  basic: {
    type: 'basic',
    name: 'Basic',
    priceCents: 2999,
    monthlyBookingLimit: FREE_MONTHLY_BOOKING_LIMIT,
    popular: false,
    features: [
      'Up to 5 bookings per month',
      'Basic search filters',
      'Standard support',
      'Mobile app access',
    ],
  },
  premium: {
    type: 'premium',
    name: 'Premium',
    priceCents: 7999,
    monthlyBookingLimit: null,
    popular: true,
    features: [
      'Unlimited bookings',
      'Priority booking queue',
      'Advanced search and filters',
      '24/7 priority support',
      'Real-time tracking',
      'Emergency roadside assistance',
    ],
  },
  enterprise: {
    type: 'enterprise',
    name: 'Enterprise',
    priceCents: 19999,
    monthlyBookingLimit: null,
    popular: false,
    features: [
      'Everything in Premium',
      'Fleet management dashboard',
      'Multiple user accounts',
      'Custom reporting',
      'API access',
      'Dedicated account manager',
      'Custom integrations',
    ],
  },
};

export const planList: readonly Plan[] = planTypes.map((type) => plans[type]);

/** Bookings a provider may accept per calendar month on a plan (or none); null is unlimited. */
export function monthlyLimit(plan: PlanType | null): number | null {
  return plan ? plans[plan].monthlyBookingLimit : FREE_MONTHLY_BOOKING_LIMIT;
}

/** How many more bookings a provider may accept this month; null when unlimited. */
export function bookingsLeft(plan: PlanType | null, acceptedThisMonth: number): number | null {
  const limit = monthlyLimit(plan);
  return limit === null ? null : Math.max(0, limit - acceptedThisMonth);
}

/** The first instant of the calendar month (UTC) that `now` falls in. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The message of the 409 a provider gets when the month's allowance is used up. */
export function bookingLimitMessage(plan: PlanType | null): string {
  const limit = monthlyLimit(plan);
  const on = plan ? `the ${plans[plan].name} plan` : 'no plan';
  return `You have accepted ${limit} bookings this month, the limit on ${on}. Upgrade to Premium in Profile → Billing for unlimited bookings.`;
}

/**
 * A change to a cheaper plan: it waits for the end of the paid period and refunds nothing, so a
 * month's unlimited bookings cannot be had for a few minutes' price difference.
 */
export function isDowngrade(from: PlanType, to: PlanType): boolean {
  return plans[to].priceCents < plans[from].priceCents;
}

/**
 * The same date one calendar month later, kept inside shorter months (Jan 31 → Feb 28/29), as
 * Stripe bills monthly subscriptions.
 */
export function addMonth(date: Date, months = 1): Date {
  const day = date.getUTCDate();
  const next = new Date(date.getTime());
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

const DAY_MS = 86_400_000;

/**
 * Changing plans in the middle of a period (the test gateway's proration, by the day): what is
 * owed (positive) or refunded (negative) for the days left, in cents.
 */
export function prorationCents(
  fromPlan: PlanType,
  toPlan: PlanType,
  periodStart: Date,
  periodEnd: Date,
  now: Date,
): number {
  const totalDays = Math.max(1, Math.round((periodEnd.getTime() - periodStart.getTime()) / DAY_MS));
  const daysLeft = Math.min(
    totalDays,
    Math.max(0, Math.ceil((periodEnd.getTime() - now.getTime()) / DAY_MS)),
  );
  const difference = plans[toPlan].priceCents - plans[fromPlan].priceCents;
  return Math.round((difference * daysLeft) / totalDays);
}
