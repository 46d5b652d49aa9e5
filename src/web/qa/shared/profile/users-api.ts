import type { ErrorBody } from '#core/errors.ts';
import type { UpdateUserInput, Vehicle } from '#core/users/schemas.ts';
import { CheckFailure, expectStatus } from '../checks.ts';
import type { QaApi, QaResponse } from '../qa-api.ts';
import { TEST_DATA_PREFIX, type TestAccount } from '../test-accounts.ts';

export const readUser = (api: QaApi, id: string) =>
  api.get('/users/{id}', { params: { path: { id } } });

export const updateUser = (api: QaApi, id: string, changes: UpdateUserInput) =>
  api.patch('/users/{id}', { params: { path: { id } }, body: changes });

/** The server's message for one field of a refused request, if it named that field. */
export const fieldMessage = (response: QaResponse, field: string) =>
  (response.body as Partial<ErrorBody> | undefined)?.fields?.[field];

/** Every field message of a refused request. */
export const fieldMessages = (response: QaResponse): Record<string, string> =>
  (response.body as Partial<ErrorBody> | undefined)?.fields ?? {};

/** Reads a profile back and fails with what came back unless the server answered 200. */
export async function loadProfile(api: QaApi, id: string) {
  const response = expectStatus(await readUser(api, id), 200);
  return { response, user: response.body };
}

/** Runs `step`; a failure is reported as "`label`: reason", keeping the response that decided it. */
export async function failingAs<T>(label: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CheckFailure(
      `${label}: ${reason}`,
      error instanceof CheckFailure ? error.response : undefined,
    );
  }
}

/** A complete vehicle a check can save: its notes mark it as test data. */
export function testVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return {
    id: crypto.randomUUID(),
    type: 'truck',
    make: 'Freightliner',
    model: 'Cascadia',
    year: '2021',
    tireSize: '295/75R22.5',
    tireType: 'commercial',
    loadCapacity: '80,000 lbs',
    notes: `${TEST_DATA_PREFIX} vehicle`,
    ...overrides,
  };
}

/** The test account a step needs, or a failure saying an earlier step did not make one. */
export function requireAccount(account: TestAccount | undefined): TestAccount {
  if (!account) throw new CheckFailure('No test driver: the account could not be created');
  return account;
}
