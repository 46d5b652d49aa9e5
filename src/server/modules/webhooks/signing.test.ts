import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signatureHeader, verifySignature } from './signing.ts';

describe('webhook signatures', () => {
  const body = '{"id":"e","type":"test.ping","created":1,"data":{}}';
  const now = new Date('2026-11-26T12:00:00Z');
  const t = Math.floor(now.getTime() / 1000);

  it('makes secrets of whsec_ and 32 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('signs "t.body" with HMAC-SHA256, one v1 per secret', () => {
    const header = signatureHeader(['whsec_new', 'whsec_old'], t, body);
    const hmac = (secret: string) =>
      createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${hmac('whsec_new')},v1=${hmac('whsec_old')}`);
    expect(verifySignature(header, body, 'whsec_new', { now })).toBe(true);
    expect(verifySignature(header, body, 'whsec_old', { now })).toBe(true);
    expect(verifySignature(header, body, 'whsec_other', { now })).toBe(false);
    expect(verifySignature(header, `${body} `, 'whsec_new', { now })).toBe(false);
  });

  it('refuses a timestamp outside the tolerance', () => {
    const header = signatureHeader(['whsec_a'], t - 301, body);
    expect(verifySignature(header, body, 'whsec_a', { now })).toBe(false);
    expect(verifySignature('v1=abc', body, 'whsec_a', { now })).toBe(false);
  });
});
