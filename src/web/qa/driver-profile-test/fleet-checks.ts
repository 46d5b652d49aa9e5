import type { Vehicle } from '#core/users/schemas.ts';
import { vehicleName } from '#core/users/vehicles.ts';
import { expectStatus, expectThat, type Check } from '../shared/checks.ts';
import type { TestAccount } from '../shared/test-accounts.ts';
import {
  MISSING_VEHICLE_FIELDS,
  vehiclesOf,
  withoutVehicle,
  withVehicle,
} from '../shared/profile/fleet.ts';
import {
  failingAs,
  fieldMessages,
  loadProfile,
  testVehicle,
  updateUser,
} from '../shared/profile/users-api.ts';

export interface FleetTestContext {
  /** The fresh test driver the run acts on. */
  account: TestAccount;
  /** The vehicle "Add a vehicle" saved, for "Remove the vehicle". */
  added?: Vehicle;
}

async function addVehicle(context: FleetTestContext) {
  return failingAs('Vehicle add failed', async () => {
    const { api, user } = context.account;
    const { user: before } = await loadProfile(api, user.id);
    const vehicle = testVehicle();
    const response = expectStatus(
      await updateUser(api, user.id, { vehicleInfo: withVehicle(before.vehicleInfo, vehicle) }),
      200,
    );
    expectThat(
      vehiclesOf(response.body).some((v) => v.id === vehicle.id),
      'The answer does not list the new vehicle',
      response,
    );
    const { response: read, user: after } = await loadProfile(api, user.id);
    expectThat(
      vehiclesOf(after).some((v) => v.id === vehicle.id),
      'The vehicle is missing when the profile is read back',
      read,
    );
    context.added = vehicle;
    return { vehicle, response };
  });
}

/** A vehicle the server must refuse: `change` makes a valid one invalid. */
function refusalCheck(
  id: string,
  name: string,
  change: Record<string, unknown>,
  field: string,
  message?: string,
): Check<FleetTestContext> {
  return {
    id,
    name,
    async run({ account }) {
      const { api, user } = account;
      const { user: before } = await loadProfile(api, user.id);
      const invalid = { ...testVehicle(), ...change } as Vehicle;
      const refused = expectStatus(
        await updateUser(api, user.id, {
          vehicleInfo: withVehicle(before.vehicleInfo, invalid),
        }),
        400,
      );
      const fields = fieldMessages(refused);
      const key = `vehicleInfo.vehicles.${vehiclesOf(before).length}.${field}`;
      expectThat(
        key in fields,
        `Expected a message on ${key}, got ${JSON.stringify(fields)}`,
        refused,
      );
      if (message)
        expectThat(
          fields[key] === message,
          `Expected "${message}" on ${field}, got "${fields[key]}"`,
          refused,
        );
      const { response, user: after } = await loadProfile(api, user.id);
      expectThat(
        vehiclesOf(after).length === vehiclesOf(before).length,
        'The refused vehicle was stored anyway',
        response,
      );
      return { detail: `Refused as expected: ${field} "${fields[key]}"`, response: refused };
    },
  };
}

export const fleetChecks: readonly Check<FleetTestContext>[] = [
  {
    id: 'load',
    name: 'Load the driver profile',
    run: ({ account }) =>
      failingAs('Profile load failed', async () => {
        const { response, user } = await loadProfile(account.api, account.user.id);
        expectThat(user.id === account.user.id, 'The answer is another user', response);
        expectThat(user.role === 'driver', `The account is a ${user.role}`, response);
        return {
          detail: `${user.name}, ${vehiclesOf(user).length} vehicle(s)`,
          response,
        };
      }),
  },
  {
    id: 'add',
    name: 'Add a vehicle',
    async run(context) {
      const { vehicle, response } = await addVehicle(context);
      return { detail: `Added and read back: ${vehicleName(vehicle)}`, response };
    },
  },
  {
    id: 'remove',
    name: 'Remove the vehicle',
    async run(context) {
      const vehicle = context.added ?? (await addVehicle(context)).vehicle;
      return failingAs('Vehicle remove failed', async () => {
        const { api, user } = context.account;
        const { user: before } = await loadProfile(api, user.id);
        const response = expectStatus(
          await updateUser(api, user.id, {
            vehicleInfo: withoutVehicle(before.vehicleInfo, vehicle.id),
          }),
          200,
        );
        const { response: read, user: after } = await loadProfile(api, user.id);
        expectThat(
          !vehiclesOf(after).some((v) => v.id === vehicle.id),
          'The vehicle is still there when the profile is read back',
          read,
        );
        context.added = undefined;
        return {
          detail: `Removed ${vehicleName(vehicle)}; fleet has ${vehiclesOf(after).length}`,
          response,
        };
      });
    },
  },
  refusalCheck(
    'invalid-missing',
    'Refuse an incomplete vehicle',
    { make: '' },
    'make',
    MISSING_VEHICLE_FIELDS,
  ),
  refusalCheck('invalid-tire', 'Refuse an unknown tire type', { tireType: 'racing' }, 'tireType'),
];

/** The toast title of a failed fleet check. */
export const fleetFailureTitle = (checkId: string) =>
  checkId === 'load'
    ? 'Profile load failed'
    : checkId === 'add'
      ? 'Vehicle add failed'
      : 'Update failed';
