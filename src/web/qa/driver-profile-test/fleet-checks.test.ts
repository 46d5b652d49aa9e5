import { describe, expect, it } from 'vitest';
import { runCheck, runChecks } from '../shared/checks.ts';
import { fakeUsersApi, sampleDriver } from '../shared/profile/fake-users-api.ts';
import { MISSING_VEHICLE_FIELDS } from '../shared/profile/fleet.ts';
import { fleetChecks, fleetFailureTitle } from './fleet-checks.ts';

describe('fleet checks', () => {
  it('pass against a server that saves valid vehicles and refuses invalid ones', async () => {
    const api = fakeUsersApi(sampleDriver());
    const results = await runChecks(fleetChecks, { account: api.account }, () => undefined);
    expect(Object.values(results).map((r) => r.status)).toEqual(Array(5).fill('passed'));
    expect(results['invalid-missing']?.detail).toContain(MISSING_VEHICLE_FIELDS);
    expect(api.stored().vehicleInfo.vehicles).toEqual([]);
  });

  it('remove alone adds a vehicle first', async () => {
    const api = fakeUsersApi(sampleDriver());
    const remove = fleetChecks.find((check) => check.id === 'remove')!;
    const result = await runCheck(remove, { account: api.account });
    expect(result.status).toBe('passed');
    expect(api.calls.filter((call) => call.startsWith('PATCH'))).toHaveLength(2);
  });

  it('name the failure as the page does', async () => {
    const broken = fakeUsersApi(sampleDriver(), { readStatus: 500 });
    const load = await runCheck(fleetChecks[0]!, { account: broken.account });
    expect(load.detail).toBe('Profile load failed: Expected 200, got 500: Broken');
    const forgetful = fakeUsersApi(sampleDriver(), { ignoreUpdates: true });
    const add = await runCheck(fleetChecks[1]!, { account: forgetful.account });
    expect(add).toMatchObject({ status: 'failed', httpStatus: 200 });
    expect(add.detail).toBe('Vehicle add failed: The answer does not list the new vehicle');
  });

  it('fail a refusal check when the server stores an invalid vehicle', async () => {
    const lax = fakeUsersApi(sampleDriver(), { acceptAnything: true });
    const result = await runCheck(fleetChecks[4]!, { account: lax.account });
    expect(result).toMatchObject({ status: 'failed', detail: 'Expected 400, got 200: OK' });
  });
});

describe('fleet failure toasts', () => {
  it('use the page’s messages', () => {
    expect(fleetFailureTitle('load')).toBe('Profile load failed');
    expect(fleetFailureTitle('add')).toBe('Vehicle add failed');
    expect(fleetFailureTitle('remove')).toBe('Update failed');
  });
});
