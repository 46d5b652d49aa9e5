import { describe, expect, it } from 'vitest';
import { jobCharge } from './job-charge.ts';

describe('jobCharge', () => {
  it('charges the visit fee and 10 % before the job is done', () => {
    expect(jobCharge({ actualCost: null, visitFee: 75 })).toEqual({
      baseLabel: 'Visit Fee',
      base: 75,
      platformFee: 7.5,
      total: 82.5,
    });
  });

  it('charges the actual cost and 10 %, rounded half up to the cent, once done', () => {
    expect(jobCharge({ actualCost: 123.45, visitFee: 75 })).toEqual({
      baseLabel: 'Job Cost',
      base: 123.45,
      platformFee: 12.35,
      total: 135.8,
    });
  });

  it('is nothing without a cost or a fee', () => {
    expect(jobCharge({ actualCost: null, visitFee: null }).total).toBe(0);
  });
});
