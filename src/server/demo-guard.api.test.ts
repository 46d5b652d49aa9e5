import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, type Config } from './config.ts';
import { demoAccounts } from '../core/demo-accounts.ts';
import { seedDemoData } from './db/seed/seed.ts';
import { countUsers } from './modules/users/users.repository.ts';
import { DEMO_ADDRESS_MESSAGE } from './modules/auth/demo-addresses.ts';
import { findDemoAccounts } from './db/seed/demo-accounts.ts';
import { newApplication } from './test/provider-application.ts';
import { createTestApp, startBeside, newAccount, signUp } from './test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const start = (overrides: Partial<Config>) => startBeside(t, overrides);

const everyInterface = { host: '0.0.0.0', seedDemo: false, seedDemoExplicit: true };

describe('demo accounts on a public server', () => {
  it('refuses to seed them on a server listening on every interface, and seeds nothing', async () => {
    const defaulted = { host: '0.0.0.0', seedDemo: true, seedDemoExplicit: false };
    await expect(start(defaulted)).rejects.toThrow(ConfigError);
    await expect(start(defaulted)).rejects.toThrow(/listens on 0\.0\.0\.0/);
    await expect(start(defaulted)).rejects.toThrow(/set SEED_DEMO=true explicitly/);
    expect(await countUsers(t.app.database.db)).toBe(0);
  });

  it('starts a public server on a database without demo accounts', async () => {
    expect(await start(everyInterface)).toBe('started');
    expect(await start({ host: '::', seedDemo: false, seedDemoExplicit: false })).toBe('started');
    expect(
      await start({ host: '127.0.0.1', publicUrl: 'https://truckfinder.example', seedDemo: false }),
    ).toBe('started');
  });

  describe('once the database holds demo accounts (seeded earlier)', () => {
    beforeAll(async () => {
      await seedDemoData(t.app.database.db);
    });

    it('refuses a server listening on every interface, naming the accounts and the fixes', async () => {
      const refused = start(everyInterface);
      await expect(refused).rejects.toThrow(ConfigError);
      await expect(start(everyInterface)).rejects.toThrow(demoAccounts.admin);
      await expect(start(everyInterface)).rejects.toThrow(/database without demo accounts/);
      await expect(start({ ...everyInterface, host: '::' })).rejects.toThrow(ConfigError);
      await expect(start({ ...everyInterface, host: '10.0.0.5' })).rejects.toThrow(ConfigError);
    });

    it('refuses a loopback server published over https (behind a proxy)', async () => {
      await expect(
        start({
          host: '127.0.0.1',
          publicUrl: 'https://truckfinder.example',
          seedDemo: false,
          seedDemoExplicit: false,
        }),
      ).rejects.toThrow(/PUBLIC_URL is https:\/\/truckfinder\.example/);
    });

    it('refuses a loopback server whose http PUBLIC_URL names another host', async () => {
      await expect(
        start({ host: '127.0.0.1', publicUrl: 'http://truckfinder.example', seedDemo: false }),
      ).rejects.toThrow(/PUBLIC_URL is http:\/\/truckfinder\.example/);
    });

    it('starts when SEED_DEMO=true was given explicitly', async () => {
      expect(await start({ host: '0.0.0.0', seedDemo: true, seedDemoExplicit: true })).toBe(
        'started',
      );
    });

    it('keeps the local demo: loopback over http starts with them', async () => {
      expect(await start({ host: 'localhost', seedDemo: true, seedDemoExplicit: false })).toBe(
        'started',
      );
      expect(await start({ host: '127.0.0.1', seedDemo: false })).toBe('started');
    });
  });
});

describe('npm start (main.ts --demo) on a public address with the embedded database', () => {
  it('exits 1 with the reason and the fix, without a stack trace', async () => {
    const { SEED_DEMO: _unset, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--demo'], {
      env: {
        ...inherited,
        DATABASE_URL: '',
        DATA_DIR: 'memory://',
        SERVE_WEB: 'false',
        HOST: '0.0.0.0',
        PORT: '0',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        ALLOW_OUTBOX_EMAIL: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // A server that did start is stopped rather than left behind.
    const started = setTimeout(() => child.kill('SIGKILL'), 100_000);
    const [code] = await once(child, 'exit');
    clearTimeout(started);
    expect(code, output).toBe(1);
    expect(output).toMatch(/^Refusing to start: .*listens on 0\.0\.0\.0/);
    expect(output).toMatch(/SEED_DEMO=true/);
    expect(output).not.toMatch(/\n\s+at /);
  }, 120_000);
});

describe('demo addresses on a server without demo data', () => {
  it('nobody can take one, so a sign-up cannot stop the next start of a public server', async () => {
    const noDemo = await createTestApp({ seedDemo: false });
    try {
      for (const [url, payload, field] of [
        ['/api/auth/register', newAccount({ email: 'admin@truckfinder.test' }), 'email'],
        [
          '/api/provider-applications',
          newApplication({ email: 'owner@shop.truckfinder.test' }),
          'email',
        ],
      ] as const) {
        const response = await noDemo.api({ method: 'POST', url, payload });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().fields[field]).toBe(DEMO_ADDRESS_MESSAGE);
      }
      const { cookie, account } = await signUp(noDemo.app);
      const change = await noDemo.api({
        method: 'POST',
        url: '/api/auth/change-email',
        headers: { cookie },
        payload: { currentPassword: account.password, newEmail: 'driver@truckfinder.test' },
      });
      expect(change.statusCode, change.body).toBe(400);
      expect(change.json().fields.newEmail).toBe(DEMO_ADDRESS_MESSAGE);
      expect(await findDemoAccounts(noDemo.app.database.db)).toEqual([]);
    } finally {
      await noDemo.close();
    }
  });

  it('with demo data the demo addresses answer as any taken address does', async () => {
    const demo = await createTestApp({ seedDemo: true });
    try {
      const response = await demo.api({
        method: 'POST',
        url: '/api/auth/register',
        payload: newAccount({ email: demoAccounts.driver }),
      });
      expect(response.statusCode).toBe(409);
    } finally {
      await demo.close();
    }
  });
});
