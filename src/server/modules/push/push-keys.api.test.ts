import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { pushKeys } from '../../db/schema/index.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';
import { createPushService } from './index.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The public key a signed-in user of `app` is given. */
async function publicKeyOf(app: Awaited<ReturnType<typeof buildApp>>) {
  const user = await signUp(app);
  const response = await app.inject({
    method: 'GET',
    url: '/api/push/public-key',
    headers: { cookie: user.cookie },
  });
  return (response.json() as { publicKey: string }).publicKey;
}

/** A second app server on the test app's database. */
async function beside(overrides: Partial<Config> = {}) {
  const app = await buildApp({ ...t.config, ...overrides }, { database: t.app.database });
  await app.ready();
  return app;
}

describe('VAPID keys', () => {
  it('are made once and kept in the database: a second server signs with the same pair', async () => {
    const first = await publicKeyOf(t.app);
    const second = await beside();
    try {
      expect(await publicKeyOf(second)).toBe(first);
    } finally {
      await second.close();
    }
    const rows = await t.app.database.db.select().from(pushKeys);
    expect(rows).toEqual([expect.objectContaining({ id: 1, publicKey: first })]);
  });

  it('end up the same when several servers start at once on an empty table', async () => {
    await t.app.database.db.delete(pushKeys);
    const options = { keys: undefined, subject: 'mailto:ops@example.com', publicServer: false };
    const services = await Promise.all(
      Array.from({ length: 4 }, () => createPushService(t.app.database.db, options)),
    );
    const keys = new Set(services.map((service) => service.publicKey()));
    expect(keys.size).toBe(1);
    expect(await t.app.database.db.select().from(pushKeys)).toHaveLength(1);
  });

  it('from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY win over the stored pair', async () => {
    const given = webPush.generateVAPIDKeys();
    const configured = await beside({ vapidKeys: given });
    try {
      expect(await publicKeyOf(configured)).toBe(given.publicKey);
    } finally {
      await configured.close();
    }
    const [stored] = await t.app.database.db.select().from(pushKeys);
    expect(stored?.publicKey).not.toBe(given.publicKey);
  });
});
