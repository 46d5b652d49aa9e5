import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new endpoint secret: `whsec_` and 32 random bytes, base64url. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The hex HMAC-SHA256 of `"<t>.<body>"` under the secret (the `v1` of the signature header). */
export const signatureOf = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/**
 * The `Truckfinder-Signature` header: `t=<unix seconds>`, then one `v1=` per secret that signs
 * now (the current one, and the previous one while a rotation overlaps), as Stripe does.
 */
export const signatureHeader = (secrets: string[], timestamp: number, body: string) =>
  [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signatureOf(secret, timestamp, body)}`)].join(
    ',',
  );

/**
 * What a receiver does (docs/api.md, "Webhooks"): some `v1` matches the body signed with its
 * secret, and `t` is within the tolerance of its clock.
 */
export function verifySignature(
  header: string,
  body: string,
  secret: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): boolean {
  const parts = header.split(',').map((part) => part.split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp)) return false;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, body), 'hex');
  return parts.some(([key, value]) => {
    if (key !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
