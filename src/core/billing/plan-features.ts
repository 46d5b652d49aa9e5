import { planTypes, plans, type PlanType } from './plans.ts';

/**
 * What each plan gets beyond its bookings (docs/product.md, "What each plan gets"): the one table
 * the plan cards, the server's checks and the docs read. `name` is the plan card's own line.
 */
export const planFeatures = {
  priorityQueue: { name: 'Priority booking queue', plans: ['premium', 'enterprise'] },
  emergencyAssistance: {
    name: 'Emergency roadside assistance',
    plans: ['premium', 'enterprise'],
  },
  liveTracking: { name: 'Real-time tracking', plans: ['premium', 'enterprise'] },
  prioritySupport: { name: '24/7 priority support', plans: ['premium', 'enterprise'] },
  team: { name: 'Multiple user accounts', plans: ['enterprise'] },
  fleet: { name: 'Fleet management dashboard', plans: ['enterprise'] },
  accountManager: { name: 'Dedicated account manager', plans: ['enterprise'] },
  customReporting: { name: 'Custom reporting', plans: ['enterprise'] },
  apiAccess: { name: 'API access', plans: ['enterprise'] },
  customIntegrations: { name: 'Custom integrations', plans: ['enterprise'] },
} as const satisfies Record<string, { name: string; plans: readonly PlanType[] }>;

export type PlanFeature = keyof typeof planFeatures;
export const planFeatureKeys = Object.keys(planFeatures) as PlanFeature[];

/** A business with no active plan gets what Basic gets. */
export function hasFeature(plan: PlanType | null, feature: PlanFeature): boolean {
  return plan !== null && (planFeatures[feature].plans as readonly PlanType[]).includes(plan);
}

/** The cheapest plan that includes a feature. */
export function lowestPlanWith(feature: PlanFeature): PlanType {
  return planTypes.find((type) => hasFeature(type, feature))!;
}

/** The 403 answer to a feature outside the caller's plan, and the screens' upgrade line. */
export function featureGateMessage(feature: PlanFeature): string {
  return `${planFeatures[feature].name} is part of the ${plans[lowestPlanWith(feature)].name} plan. Upgrade in Profile → Billing.`;
}

/** The features of a plan, for a screen that shows what the business has. */
export const featuresOf = (plan: PlanType | null): PlanFeature[] =>
  planFeatureKeys.filter((feature) => hasFeature(plan, feature));
