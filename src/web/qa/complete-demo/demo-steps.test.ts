import { describe, expect, it } from 'vitest';
import { runChecks } from '../shared/checks.ts';
import type { QaResponse } from '../shared/qa-api.ts';
import { DEMO_CONTACT, demoSteps, type DemoContext } from './demo-steps.ts';
import { fakeUsersApi, sampleDriver } from '../shared/profile/fake-users-api.ts';

const registered = (status: number): QaResponse => ({
  method: 'POST',
  path: '/api/auth/register',
  status,
  ok: status < 300,
  body: status < 300 ? {} : { error: 'Too many requests' },
  message: status < 300 ? 'Created' : 'Too many requests',
  ms: 5,
});

describe('demo steps', () => {
  it('create, load, update, add a vehicle and verify, showing each profile', async () => {
    const api = fakeUsersApi(sampleDriver());
    const shown: string[] = [];
    const context: DemoContext = {
      createAccount: async () => ({ account: api.account, response: registered(201) }),
      onProfile: (user) => shown.push(`${user.phone}|${user.vehicleInfo.vehicles?.length ?? 0}`),
    };
    const results = await runChecks(demoSteps, context, () => undefined);
    expect(Object.values(results).map((r) => r.status)).toEqual(Array(5).fill('passed'));
    expect(context.profile?.location).toBe(DEMO_CONTACT.location);
    expect(shown.at(-1)).toBe(`${DEMO_CONTACT.phone}|1`);
    expect(results.create?.detail).toBe('Registered qa-test-1@example.com');
  });

  it('fail every later step when no account could be made', async () => {
    const context: DemoContext = { createAccount: async () => ({ response: registered(429) }) };
    const results = await runChecks(demoSteps, context, () => undefined);
    expect(results.create).toMatchObject({ status: 'failed', httpStatus: 429 });
    expect(results.verify?.detail).toBe('No test driver: the account could not be created');
  });
});
