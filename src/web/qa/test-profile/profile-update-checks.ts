import type { PublicUser, UpdateUserInput } from '#core/users/schemas.ts';
import { vehicleName } from '#core/users/vehicles.ts';
import { messages } from '#core/validation.ts';
import { expectStatus, expectThat, type Check, type CheckPass } from '../shared/checks.ts';
import type { TestAccount } from '../shared/test-accounts.ts';
import { fieldMessage, loadProfile, testVehicle, updateUser } from '../shared/profile/users-api.ts';

export interface ProfileTestContext {
  /** The fresh test driver the run acts on. */
  account: TestAccount;
  /** Told of every profile the server answers, to show it as it stands. */
  onProfile?: (user: PublicUser) => void;
}

export interface ProfileCheck extends Check<ProfileTestContext> {
  /** The update is meant to be refused: passing means the server said no. */
  refusal?: boolean;
}

/** "Run All Tests" runs the tests one second apart. */
export const PROFILE_TEST_GAP_MS = 1000;

/** JSON with object keys sorted, so stored JSON compares equal whatever order it keeps keys in. */
export function show(value: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((key) => [key, sorted((v as Record<string, unknown>)[key])]),
          )
        : v;
  return JSON.stringify(sorted(value ?? null));
}

/**
 * Sends `changes`, then reads the profile back: both the answer and the stored profile must show
 * `pick(user)` equal to `expected`.
 */
function updateCheck(
  id: string,
  name: string,
  changes: () => UpdateUserInput,
  pick: (user: PublicUser) => unknown,
  expected: (changes: UpdateUserInput) => unknown,
  describe: (changes: UpdateUserInput) => string = (sent) => show(expected(sent)),
): ProfileCheck {
  return {
    id,
    name,
    async run({ account, onProfile }): Promise<CheckPass> {
      const sent = changes();
      const want = show(expected(sent));
      const patch = expectStatus(await updateUser(account.api, account.user.id, sent), 200);
      onProfile?.(patch.body);
      expectThat(
        show(pick(patch.body)) === want,
        `The answer shows ${show(pick(patch.body))}, expected ${want}`,
        patch,
      );
      const { response, user } = await loadProfile(account.api, account.user.id);
      onProfile?.(user);
      expectThat(
        show(pick(user)) === want,
        `Read back ${show(pick(user))}, expected ${want}`,
        response,
      );
      return { detail: `Saved and read back: ${describe(sent)}`, response: patch };
    },
  };
}

export const INVALID_PHONE = '12345';

export const profileChecks: readonly ProfileCheck[] = [
  updateCheck(
    'name',
    'Update name',
    () => ({ name: 'QA Test Driver Renamed' }),
    (user) => user.name,
    (sent) => sent.name,
  ),
  updateCheck(
    'phone',
    'Update phone number',
    () => ({ phone: '(214) 555-0177' }),
    (user) => user.phone,
    (sent) => sent.phone,
  ),
  updateCheck(
    'location',
    'Update location',
    () => ({ location: 'Houston, TX' }),
    (user) => user.location,
    (sent) => sent.location,
  ),
  updateCheck(
    'aaa',
    'Update AAA membership ID',
    () => ({ aaaMemberId: 'AAA-4290-1234' }),
    (user) => user.aaaMemberId,
    (sent) => sent.aaaMemberId,
  ),
  updateCheck(
    'vehicle',
    'Update vehicle information',
    () => ({ vehicleInfo: { vehicleType: 'semi_truck', vehicles: [testVehicle()] } }),
    (user) => user.vehicleInfo,
    (sent) => sent.vehicleInfo,
    (sent) =>
      `${sent.vehicleInfo?.vehicleType}, ${(sent.vehicleInfo?.vehicles ?? []).map(vehicleName).join(', ')}`,
  ),
  {
    id: 'invalid',
    name: 'Refuse an invalid update (phone too short)',
    refusal: true,
    async run({ account, onProfile }) {
      const refused = expectStatus(
        await updateUser(account.api, account.user.id, { phone: INVALID_PHONE }),
        400,
      );
      const message = fieldMessage(refused, 'phone');
      expectThat(
        message === messages.phone,
        `Expected the phone field to say "${messages.phone}", got ${show(message)}`,
        refused,
      );
      const { response, user } = await loadProfile(account.api, account.user.id);
      onProfile?.(user);
      expectThat(
        user.phone !== INVALID_PHONE,
        'The refused phone number was stored anyway',
        response,
      );
      return { detail: `Refused as expected: phone "${message}"`, response: refused };
    },
  },
];

/** The toast a finished profile test shows. */
export function profileToast(
  check: Pick<ProfileCheck, 'name' | 'refusal'>,
  outcome: { passed: boolean; detail: string },
): { title: string; description: string; variant: 'success' | 'destructive' | 'default' } {
  if (!outcome.passed)
    return { title: 'Update failed', description: outcome.detail, variant: 'destructive' };
  if (check.refusal)
    return { title: 'Update failed', description: outcome.detail, variant: 'default' };
  return {
    title: 'Profile Updated',
    description: `${check.name}: ${outcome.detail}`,
    variant: 'success',
  };
}
