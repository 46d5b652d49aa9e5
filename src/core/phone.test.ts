import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toE164 } from './phone.ts';

describe('toE164', () => {
  it('reads a US number of 10 digits in any format as +1 and the number', () => {
    for (const typed of [
      '(214) 555-0142',
      '214-555-0142',
      '214.555.0142',
      '2145550142',
      ' 214 555 0142 ',
    ])
      expect(toE164(typed), typed).toBe('+12145550142');
  });

  it('reads 11 digits starting with 1 as the US country code', () => {
    expect(toE164('1 (214) 555-0142')).toBe('+12145550142');
    expect(toE164('1-214-555-0142')).toBe('+12145550142');
    expect(toE164('12145550142')).toBe('+12145550142');
  });

  it('keeps a leading + and its digits', () => {
    expect(toE164('+1 214 555 0142')).toBe('+12145550142');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('+49 (30) 901820')).toBe('+4930901820');
    expect(toE164('+123456789012345')).toBe('+123456789012345');
  });

  it('answers null for what cannot be made E.164', () => {
    for (const typed of [
      '',
      '   ',
      '555-0142', // too short
      '214555014', // 9 digits
      '22145550142', // 11 digits not starting with 1
      '(014) 555-0142', // no area code starts with 0 or 1
      '(214) 155-0142', // nor an exchange
      '1 (114) 555-0142',
      '+0 214 555 0142', // no country code starts with 0
      '+1234567890123456', // 16 digits
      '+12345678', // too short for the app's 10 digits
      '214-555-0142 ext 12', // an extension cannot be dialled by a provider
      '1-800-FLOWERS',
      '214+555+0142', // a + only in front
      '++12145550142',
      '0044 20 7946 0958', // an international prefix is not guessed
    ])
      expect(toE164(typed), typed).toBeNull();
  });

  it('answers a + and 10 to 15 digits, the first not 0, or null, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (typed) => {
        const e164 = toE164(typed);
        if (e164 !== null) expect(e164).toMatch(/^\+[1-9]\d{9,14}$/);
      }),
    );
  });

  it('is idempotent: an E.164 answer reads back as itself', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+?1?[2-9]\d{2}[ .-]?[2-9]\d{2}[ .-]?\d{4}$/), (typed) => {
        const e164 = toE164(typed);
        if (e164 !== null) expect(toE164(e164)).toBe(e164);
      }),
    );
  });
});
