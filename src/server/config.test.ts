import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults: port 5000, embedded database in ./data, demo data seeded', () => {
    expect(loadConfig({})).toMatchObject({
      port: 5000,
      dataDir: './data',
      databaseUrl: undefined,
      seedDemo: true,
    });
  });

  it('seeds a server database only when SEED_DEMO=true', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app', SEED_DEMO: 'true' }).seedDemo).toBe(
      true,
    );
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://db'],
    ['SEED_DEMO', 'maybe'],
    ['LOGIN_MAX_FAILURES', '-3'],
  ])('names the variable when %s=%s is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
