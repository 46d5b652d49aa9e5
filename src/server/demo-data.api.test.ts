import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { demoAccounts } from '../core/demo-accounts.ts';
import { users } from './db/schema/index.ts';
import { DEMO_ADDRESS_MESSAGE } from './modules/auth/demo-addresses.ts';
import { insertUser } from './modules/users/users.repository.ts';
import { createTestApp, newAccount, signUp } from './test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const demoData = async (app = t) =>
  (await app.api({ method: 'GET', url: '/api/meta' })).json().demoData as boolean;

const registerAs = (email: string) =>
  t.api({ method: 'POST', url: '/api/auth/register', payload: newAccount({ email }) });

describe('GET /api/meta demoData: whether demo accounts exist now', () => {
  it('is false on a server without them, and a demo address cannot be taken', async () => {
    expect(await demoData()).toBe(false);
    const response = await registerAs(demoAccounts.driver);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields.email).toBe(DEMO_ADDRESS_MESSAGE);
  });

  it('follows the accounts: true while one exists, false again once it is gone', async () => {
    const demo = await insertUser(t.app.database.db, {
      ...newAccount({ email: demoAccounts.mechanic }),
      role: 'mechanic',
      passwordHash: 'not a hash',
    });
    expect(await demoData()).toBe(true);
    // With demo data, a demo address answers like any other: taken, or free to use.
    expect((await registerAs(demoAccounts.mechanic)).statusCode).toBe(409);

    await t.app.database.db.delete(users).where(eq(users.id, demo.id));
    expect(await demoData()).toBe(false);
    expect((await registerAs(demoAccounts.mechanic)).statusCode).toBe(400);
  });

  it('is not true merely because seeding was asked: a database with users is not seeded', async () => {
    await signUp(t.app);
    const asked = await buildApp(
      { ...t.config, seedDemo: true, seedDemoExplicit: true },
      { database: t.app.database },
    );
    try {
      await asked.ready();
      const meta = await asked.inject({ method: 'GET', url: '/api/meta' });
      expect(meta.json().demoData).toBe(false);
    } finally {
      await asked.close();
    }
  });

  it('is true on a seeded server', async () => {
    const seeded = await createTestApp({ seedDemo: true });
    try {
      expect(await demoData(seeded)).toBe(true);
    } finally {
      await seeded.close();
    }
  });
});
