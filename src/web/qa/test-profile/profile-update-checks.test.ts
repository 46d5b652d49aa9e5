import { describe, expect, it, vi } from 'vitest';
import { messages } from '#core/validation.ts';
import { notifyingChecks, runChecks, type CheckResult } from '../shared/checks.ts';
import { fakeUsersApi, sampleDriver } from '../shared/profile/fake-users-api.ts';
import {
  INVALID_PHONE,
  profileChecks,
  profileToast,
  show,
  type ProfileTestContext,
} from './profile-update-checks.ts';

const runAll = async (context: ProfileTestContext) =>
  runChecks(profileChecks, context, () => undefined);

describe('profile update checks', () => {
  it('pass when every update is saved and the invalid one refused', async () => {
    const api = fakeUsersApi(sampleDriver());
    const profiles: string[] = [];
    const results = await runAll({
      account: api.account,
      onProfile: (user) => profiles.push(user.name),
    });
    expect(Object.values(results).map((r) => r.status)).toEqual(Array(6).fill('passed'));
    expect(results.invalid?.detail).toContain(messages.phone);
    expect(results.invalid?.httpStatus).toBe(400);
    expect(api.stored().phone).not.toBe(INVALID_PHONE);
    expect(api.stored().vehicleInfo.vehicles?.[0]?.notes).toMatch(/^QA test/);
    expect(profiles.at(-1)).toBe('QA Test Driver Renamed');
  });

  it('fail when the server answers 200 but keeps nothing', async () => {
    const api = fakeUsersApi(sampleDriver(), { ignoreUpdates: true });
    const results = await runAll({ account: api.account });
    expect(results.name).toMatchObject({ status: 'failed', httpStatus: 200 });
    expect(results.name?.detail).toContain('expected "QA Test Driver Renamed"');
  });

  it('fail the refusal test when a short phone is accepted', async () => {
    const api = fakeUsersApi(sampleDriver(), { acceptAnything: true });
    const results = await runAll({ account: api.account });
    expect(results.invalid).toMatchObject({ status: 'failed', httpStatus: 200 });
    expect(results.invalid?.detail).toBe('Expected 400, got 200: OK');
  });

  it('report what the server answered when it cannot read the profile', async () => {
    const api = fakeUsersApi(sampleDriver(), { readStatus: 500 });
    const results: Record<string, CheckResult> = await runAll({ account: api.account });
    expect(results.location).toMatchObject({
      status: 'failed',
      httpStatus: 500,
      message: 'Broken',
    });
  });
});

describe('profile toasts', () => {
  it('say Profile Updated, or Update failed with the reason', () => {
    expect(profileToast({ name: 'Update name' }, { passed: true, detail: 'ok' })).toMatchObject({
      title: 'Profile Updated',
      variant: 'success',
    });
    expect(profileToast({ name: 'x' }, { passed: false, detail: 'Expected 200' })).toEqual({
      title: 'Update failed',
      description: 'Expected 200',
      variant: 'destructive',
    });
    expect(profileToast({ name: 'x', refusal: true }, { passed: true, detail: 'r' })).toMatchObject(
      { title: 'Update failed', variant: 'default' },
    );
  });

  it('are told how each check ended', async () => {
    const notify = vi.fn();
    const api = fakeUsersApi(sampleDriver(), { readStatus: 503 });
    const [first] = notifyingChecks(profileChecks.slice(0, 1), notify);
    await expect(first!.run({ account: api.account })).rejects.toThrow('Expected 200, got 503');
    expect(notify).toHaveBeenCalledWith(profileChecks[0], {
      passed: false,
      detail: 'Expected 200, got 503: Broken',
    });
  });
});

describe('show', () => {
  it('compares JSON whatever the key order', () => {
    expect(show({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(show({ a: [{ c: 3, d: 2 }], b: 1 }));
    expect(show(undefined)).toBe('null');
  });
});
