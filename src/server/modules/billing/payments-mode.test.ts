import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { paymentsMode } from './payments-mode.ts';

const stripeKeys = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
};
const modeOf = (env: Record<string, string>) => paymentsMode(loadConfig(env));

describe('which gateway a server runs', () => {
  it('Stripe whenever its keys are set', () => {
    expect(modeOf(stripeKeys)).toBe('stripe');
    expect(modeOf({ ...stripeKeys, HOST: '0.0.0.0' })).toBe('stripe');
  });

  it('the test gateway on a server only this machine reaches', () => {
    expect(modeOf({})).toBe('test');
    expect(modeOf({ HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:5000' })).toBe('test');
  });

  it('no payments on a public server without keys, unless PAYMENTS_TEST_MODE=true', () => {
    expect(modeOf({ HOST: '0.0.0.0' })).toBe('off');
    expect(modeOf({ HOST: '::' })).toBe('off');
    expect(modeOf({ PUBLIC_URL: 'https://truckfinder.example' })).toBe('off');
    expect(modeOf({ HOST: '0.0.0.0', PAYMENTS_TEST_MODE: 'false' })).toBe('off');
    expect(modeOf({ HOST: '0.0.0.0', PAYMENTS_TEST_MODE: 'true' })).toBe('test');
    expect(modeOf({ PUBLIC_URL: 'https://demo.example', PAYMENTS_TEST_MODE: 'true' })).toBe('test');
  });

  it('refuses PAYMENTS_TEST_MODE=true beside the Stripe keys, and a value that is not a boolean', () => {
    expect(() => loadConfig({ ...stripeKeys, PAYMENTS_TEST_MODE: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...stripeKeys, PAYMENTS_TEST_MODE: 'true' })).toThrow(
      /PAYMENTS_TEST_MODE/,
    );
    expect(() => loadConfig({ PAYMENTS_TEST_MODE: 'maybe' })).toThrow(
      /PAYMENTS_TEST_MODE: expected true or false/,
    );
    expect(loadConfig({}).paymentsTestMode).toBe(false);
  });
});
