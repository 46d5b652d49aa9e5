import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, type Config } from '../../config.ts';
import { createTestApp, startBeside } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const start = (overrides: Partial<Config>) => startBeside(t, overrides);

const outbox = { smtpUrl: undefined, allowOutboxEmail: false };

describe('a public server without SMTP_URL', () => {
  it.each([
    { host: '0.0.0.0', publicUrl: 'http://localhost:5000' },
    { host: '127.0.0.1', publicUrl: 'https://truckfinder.example' },
    { host: '127.0.0.1', publicUrl: 'http://truckfinder.example' },
  ])('refuses to start on $host as $publicUrl, naming the variables', async (address) => {
    const refused = start({ ...outbox, ...address });
    await expect(refused).rejects.toThrow(ConfigError);
    await expect(start({ ...outbox, ...address })).rejects.toThrow(
      /no SMTP_URL.*password reset links[\s\S]*set SMTP_URL[\s\S]*ALLOW_OUTBOX_EMAIL=true/,
    );
  });

  it('starts with ALLOW_OUTBOX_EMAIL=true or with SMTP_URL', async () => {
    const host = { host: '0.0.0.0', publicUrl: 'https://truckfinder.example' };
    expect(await start({ ...host, ...outbox, allowOutboxEmail: true })).toBe('started');
    expect(await start({ ...host, ...outbox, smtpUrl: 'smtp://127.0.0.1:2525' })).toBe('started');
  });

  it('is fine on this machine only (loopback over http)', async () => {
    expect(await start({ ...outbox, host: '127.0.0.1', publicUrl: 'http://127.0.0.1:5000' })).toBe(
      'started',
    );
  });
});
