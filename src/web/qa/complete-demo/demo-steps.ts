import type { PublicUser } from '#core/users/schemas.ts';
import { vehicleName } from '#core/users/vehicles.ts';
import { CheckFailure, expectStatus, expectThat, type Check } from '../shared/checks.ts';
import type { QaResponse } from '../shared/qa-api.ts';
import type { TestAccount } from '../shared/test-accounts.ts';
import {
  loadProfile,
  requireAccount,
  testVehicle,
  updateUser,
} from '../shared/profile/users-api.ts';

/** The demo's steps run 1.5 seconds apart. */
export const DEMO_STEP_GAP_MS = 1500;

export interface DemoContext {
  createAccount: () => Promise<{ account?: TestAccount; response: QaResponse }>;
  /** Set by the first step. */
  account?: TestAccount;
  /** The profile as the server last answered it. */
  profile?: PublicUser;
  onAccount?: (account: TestAccount) => void;
  onProfile?: (user: PublicUser) => void;
}

export const DEMO_CONTACT = { phone: '(713) 555-0142', location: 'Houston, TX' } as const;

const remember = (context: DemoContext, user: PublicUser) => {
  context.profile = user;
  context.onProfile?.(user);
};

export const demoSteps: readonly Check<DemoContext>[] = [
  {
    id: 'create',
    name: 'Create a test driver',
    async run(context) {
      const { account, response } = await context.createAccount();
      expectStatus(response, 201);
      if (!account) throw new CheckFailure('The answer carried no session token', response);
      context.account = account;
      context.onAccount?.(account);
      remember(context, account.user);
      return { detail: `Registered ${account.email}`, response };
    },
  },
  {
    id: 'load',
    name: 'Load the profile',
    async run(context) {
      const account = requireAccount(context.account);
      const { response, user } = await loadProfile(account.api, account.user.id);
      expectThat(user.id === account.user.id, 'The answer is another user', response);
      remember(context, user);
      return {
        detail: `Loaded ${user.name} (${user.role}, ${user.location ?? 'no location'})`,
        response,
      };
    },
  },
  {
    id: 'contact',
    name: 'Update contact details',
    async run(context) {
      const account = requireAccount(context.account);
      const response = expectStatus(
        await updateUser(account.api, account.user.id, DEMO_CONTACT),
        200,
      );
      remember(context, response.body);
      expectThat(
        response.body.phone === DEMO_CONTACT.phone &&
          response.body.location === DEMO_CONTACT.location,
        'The answer does not show the new phone and location',
        response,
      );
      return { detail: `Phone ${DEMO_CONTACT.phone}, location ${DEMO_CONTACT.location}`, response };
    },
  },
  {
    id: 'vehicle',
    name: 'Add a vehicle',
    async run(context) {
      const account = requireAccount(context.account);
      const vehicle = testVehicle();
      const vehicleInfo = context.profile?.vehicleInfo ?? {};
      const response = expectStatus(
        await updateUser(account.api, account.user.id, {
          vehicleInfo: { ...vehicleInfo, vehicles: [...(vehicleInfo.vehicles ?? []), vehicle] },
        }),
        200,
      );
      remember(context, response.body);
      expectThat(
        response.body.vehicleInfo.vehicles?.some((v) => v.id === vehicle.id),
        'The answer does not list the new vehicle',
        response,
      );
      return { detail: `Added ${vehicleName(vehicle)}`, response };
    },
  },
  {
    id: 'verify',
    name: 'Verify the saved profile',
    async run(context) {
      const account = requireAccount(context.account);
      const { response, user } = await loadProfile(account.api, account.user.id);
      remember(context, user);
      const vehicles = user.vehicleInfo.vehicles ?? [];
      expectThat(user.phone === DEMO_CONTACT.phone, `Phone reads ${user.phone}`, response);
      expectThat(
        user.location === DEMO_CONTACT.location,
        `Location reads ${user.location ?? 'nothing'}`,
        response,
      );
      expectThat(vehicles.length === 1, `${vehicles.length} vehicles saved, expected 1`, response);
      return {
        detail: `Saved: phone ${user.phone}, ${user.location}, ${vehicles.map(vehicleName).join(', ')}`,
        response,
      };
    },
  },
];
