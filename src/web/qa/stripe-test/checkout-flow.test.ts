import { describe, expect, it } from 'vitest';
import { signatureRefused } from './checkout-flow.ts';

describe('signatureRefused', () => {
  it('counts only a 400 refusal as refused', () => {
    expect(
      signatureRefused({ status: 400, verified: false, error: 'Webhook verification failed' }),
    ).toBe(true);
    expect(signatureRefused({ status: 200, verified: true, error: null })).toBe(false);
  });
});
