import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  enrolmentFor,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  openSecret,
  sealSecret,
} from './totp.ts';

import { totpCode as codeAt } from '../../test/second-factor.ts';

describe('TOTP', () => {
  it('accepts the code of this step and of the steps on either side, nothing further', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchingStep(secret, codeAt(secret, now), now)).toBe(step);
    expect(matchingStep(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(secret, codeAt(secret, now - 90_000), now)).toBeNull();
    expect(matchingStep(secret, 'abcdef', now)).toBeNull();
  });

  it('gives an otpauth URL and a PNG data URL for the QR code', async () => {
    const enrolment = await enrolmentFor(newTotpSecret(), 'dale@example.com');
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Truck%20Finder:dale%40example\.com\?/);
    expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/);
  });

  it('makes ten different recovery codes and reads them without case or dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    expect(normalizeRecoveryCode(codes[0]!.toUpperCase())).toBe(codes[0]!.replaceAll('-', ''));
  });

  it('encrypts the stored secret with the configured key and opens it again', () => {
    const key = randomBytes(32);
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', key);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(sealed, key)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openSecret(sealed, randomBytes(32))).toThrow();
    expect(openSecret(sealSecret('JBSWY3DPEHPK3PXP', undefined), undefined)).toBe(
      'JBSWY3DPEHPK3PXP',
    );
  });
});
