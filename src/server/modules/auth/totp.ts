import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const ISSUER = 'Truck Finder';

const totpFor = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export async function enrolmentFor(secret: string, label: string) {
  const otpauthUrl = totpFor(secret, label).toString();
  // The QR code library loads with the first enrolment, not with the server.
  const { toDataURL } = await import('qrcode');
  const qrCode = await toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUrl, qrCode };
}

/** The time step a code belongs to, accepting the step before and after now; null when wrong. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret, 'check').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7p2-m9qx-3h4t` (about 74 bits each); only their hashes are stored. */
export const newRecoveryCodes = () =>
  Array.from({ length: 10 }, () =>
    Array.from({ length: 3 }, () =>
      Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
        '',
      ),
    ).join('-'),
  );

/** How a recovery code is compared: lower case, without spaces or dashes. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * The stored form of a secret: AES-256-GCM with the configured key (`gcm:iv:tag:data`), or the
 * secret itself (`plain:…`) when no key is configured.
 */
export function sealSecret(secret: string, key: Buffer | undefined): string {
  if (!key) return `plain:${secret}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['gcm', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join(':');
}

export function openSecret(stored: string, key: Buffer | undefined): string {
  if (stored.startsWith('plain:')) return stored.slice('plain:'.length);
  const [kind, iv, tag, data] = stored.split(':');
  if (kind !== 'gcm' || !iv || !tag || !data || !key)
    throw new Error('A stored TOTP secret is encrypted and MFA_ENCRYPTION_KEY is not the key');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
