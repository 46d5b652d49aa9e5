import { describe, expect, it } from 'vitest';
import { passesLuhn } from '#core/billing/cards.ts';
import { intentIdOf, TEST_CARDS, testCard, toAmountCents } from './test-cards.ts';

describe('test cards', () => {
  it('are all valid card numbers', () => {
    for (const card of TEST_CARDS) expect(passesLuhn(card.number)).toBe(true);
  });

  it('are sent as digits with a future expiry and a 3-digit CVC', () => {
    expect(testCard('4242 4242 4242 4242', new Date('2026-11-23T00:00:00Z'))).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2028,
      cvc: '123',
      name: 'QA Test Mechanic',
    });
  });

  it('give American Express a 4-digit CVC', () => {
    expect(testCard('3782 822463 10005').cvc).toBe('1234');
  });
});

describe('checkout figures', () => {
  it('names the payment intent of a client secret', () => {
    expect(
      intentIdOf('pi_test_e671428438fe67d93a97e848_secret_8ba0d205affb2f6e9af2610c7f96facb'),
    ).toBe('pi_test_e671428438fe67d93a97e848');
  });

  it('states amounts in cents', () => {
    expect(toAmountCents(79.99)).toBe(7999);
    expect(toAmountCents(29.99)).toBe(2999);
  });
});
