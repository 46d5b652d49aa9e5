import { describe, expect, it } from 'vitest';
import {
  featureGateMessage,
  featuresOf,
  hasFeature,
  planFeatureKeys,
  planFeatures,
} from './plan-features.ts';
import { planTypes, plans } from './plans.ts';

describe('the plan feature table', () => {
  it('names each feature on the card of every plan that has it (Enterprise says "Everything in Premium")', () => {
    for (const feature of planFeatureKeys)
      for (const plan of planTypes) {
        const card = plans[plan].features;
        const named =
          card.includes(planFeatures[feature].name) ||
          (plan === 'enterprise' && hasFeature('premium', feature));
        expect(named, `${feature} on ${plan}`).toBe(hasFeature(plan, feature));
      }
  });

  it('gives no feature without a plan, and every feature on Enterprise', () => {
    expect(featuresOf(null)).toEqual([]);
    expect(featuresOf('basic')).toEqual([]);
    expect(featuresOf('premium')).toEqual([
      'priorityQueue',
      'emergencyAssistance',
      'liveTracking',
      'prioritySupport',
    ]);
    expect(featuresOf('enterprise')).toEqual(planFeatureKeys);
  });

  it('names the cheapest plan that includes the feature', () => {
    expect(featureGateMessage('team')).toBe(
      'Multiple user accounts is part of the Enterprise plan. Upgrade in Profile → Billing.',
    );
    expect(featureGateMessage('liveTracking')).toBe(
      'Real-time tracking is part of the Premium plan. Upgrade in Profile → Billing.',
    );
  });
});
