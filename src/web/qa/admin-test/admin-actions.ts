import {
  serviceOptionsFor,
  type ProviderStatus,
  type ServiceType,
} from '#core/providers/catalog.ts';
import { CheckFailure, expectThat, type Check } from '../shared/checks.ts';
import { pageApi, type QaApi, type QaResponse } from '../shared/qa-api.ts';
import {
  TEST_DATA_PREFIX,
  createTestAccount,
  deleteTestAccount,
  type TestAccount,
  type TestRole,
} from '../shared/test-accounts.ts';
import { expectAdminAnswer } from './admin-checks.ts';

/** Downtown Dallas, where the demo data places most providers. */
const DALLAS = { latitude: 32.7767, longitude: -96.797 } as const;

/**
 * What the two admin actions work on, all of it test data made for the run: a test mechanic's
 * business (its status toggled) and a test driver's pending booking of a Dallas provider (moved
 * to confirmed). `undoAdminActions` puts both back, cancels the booking and deletes the two
 * accounts.
 */
export interface ActionContext {
  /** The page's own session: the admin whose actions are tested. */
  admin: QaApi;
  driver: TestAccount;
  mechanic: TestAccount;
  /** `status` as it was made; `changed` once an admin call changed it. */
  business: { id: string; businessName: string; status: ProviderStatus; changed: boolean };
  /** `moved` once the admin call moved it. */
  booking: { id: string; moved: boolean };
}

export interface UndoOutcome {
  ok: boolean;
  detail: string;
}

class SetupError extends CheckFailure {
  override readonly name = 'SetupError';
}

async function testAccount(role: TestRole) {
  const { account, response } = await createTestAccount(role);
  if (account) return account;
  throw new SetupError(
    `Could not create the test ${role}: ${response.status} ${response.message}`,
    response,
  );
}

/** The response when it has `status`, else a setup failure saying which step broke. */
function stepAnswer<T>(step: string, response: QaResponse<T>, status: number): QaResponse<T> {
  if (response.status === status) return response;
  throw new SetupError(`${step}: ${response.status} ${response.message}`, response);
}

async function createBusiness(mechanic: TestAccount) {
  const response = stepAnswer(
    'Creating the test business',
    await mechanic.api.post('/service-providers', {
      body: {
        userId: mechanic.user.id,
        businessName: `${TEST_DATA_PREFIX} Admin Actions ${mechanic.user.id.slice(0, 8)}`,
        serviceType: 'mobile_mechanic',
        description: `${TEST_DATA_PREFIX} business made by the Admin Test page`,
        address: '100 Test Street',
        city: 'Dallas',
        state: 'TX',
        zipCode: '75201',
        phone: '2145550100',
        email: mechanic.email,
        visitFee: 75,
        hourlyRate: 95,
      },
    }),
    201,
  );
  const { id, businessName, status } = response.body;
  return { id, businessName, status: status as ProviderStatus, changed: false };
}

async function createBooking(driver: TestAccount) {
  const found = stepAnswer(
    'Finding a Dallas provider to book',
    await driver.api.get('/providers', {
      params: { query: { ...DALLAS, radius: 25, status: 'available' } },
    }),
    200,
  );
  const provider = found.body[0];
  if (!provider) throw new SetupError('No available Dallas provider to book', found);
  const response = stepAnswer(
    'Booking the test job',
    await driver.api.post('/bookings', {
      body: {
        providerId: provider.id,
        serviceType: serviceOptionsFor(provider.serviceType as ServiceType)[0]!,
        description: `${TEST_DATA_PREFIX} booking: Admin Test page`,
        vehicleDetails: `${TEST_DATA_PREFIX} truck`,
        preferredDate: new Date().toISOString().slice(0, 10),
        preferredTime: 'asap',
        location: 'Dallas, TX',
      },
    }),
    201,
  );
  return { id: response.body.id, moved: false };
}

/** Makes the run's test data; whatever it made is deleted again when a step fails. */
export async function prepareAdminActions(admin: QaApi = pageApi): Promise<ActionContext> {
  const made: TestAccount[] = [];
  try {
    const driver = await testAccount('driver');
    made.push(driver);
    const mechanic = await testAccount('mechanic');
    made.push(mechanic);
    const business = await createBusiness(mechanic);
    const booking = await createBooking(driver);
    return { admin, driver, mechanic, business, booking };
  } catch (error) {
    await Promise.all(made.map(deleteTestAccount));
    throw error;
  }
}

const setStatus = (context: ActionContext, status: ProviderStatus) =>
  context.admin.put('/providers/{id}/status', {
    params: { path: { id: context.business.id } },
    body: { status },
  });

const moveBooking = (context: ActionContext, status: 'pending' | 'confirmed') =>
  context.admin.patch('/bookings/{id}', {
    params: { path: { id: context.booking.id } },
    body: { status },
  });

export const adminActions: readonly Check<ActionContext>[] = [
  {
    id: 'action-provider-status',
    name: 'Toggle a provider between available and busy (PUT /api/providers/:id/status)',
    async run(context) {
      const { business } = context;
      const there: ProviderStatus = business.status === 'busy' ? 'available' : 'busy';
      const steps = [business.status];
      let response: QaResponse | undefined;
      for (const status of [there, business.status === 'busy' ? 'busy' : 'available'] as const) {
        const answer = expectAdminAnswer(await setStatus(context, status));
        business.changed = true;
        expectThat(
          answer.body.status === status,
          `Asked for ${status}, the provider is ${answer.body.status}`,
          answer,
        );
        steps.push(status);
        response = answer;
      }
      return { detail: `${business.businessName}: ${steps.join(' → ')}`, response };
    },
  },
  {
    id: 'action-booking-confirm',
    name: 'Move a pending booking to confirmed (PATCH /api/bookings/:id)',
    async run(context) {
      const before = expectAdminAnswer(
        await context.admin.get('/bookings/{id}', { params: { path: { id: context.booking.id } } }),
      );
      expectThat(
        before.body.status === 'pending',
        `The test booking is ${before.body.status}, not pending`,
        before,
      );
      const response = expectAdminAnswer(await moveBooking(context, 'confirmed'));
      context.booking.moved = true;
      expectThat(
        response.body.status === 'confirmed',
        `Asked for confirmed, the booking is ${response.body.status}`,
        response,
      );
      return { detail: 'The test booking: pending → confirmed', response };
    },
  },
];

/**
 * Undoes the run, whatever the checks did: the business back to its status, the booking back to
 * pending and then cancelled by its driver, then both test accounts deleted (their business goes
 * with them).
 */
export async function undoAdminActions(context: ActionContext): Promise<UndoOutcome> {
  const problems: string[] = [];
  const done: string[] = [];
  if (context.business.changed) {
    const restored = await setStatus(context, context.business.status);
    if (restored.status === 200) done.push(`provider back to ${context.business.status}`);
    else problems.push(`provider status: ${restored.status} ${restored.message}`);
  }
  if (context.booking.moved) {
    const back = await moveBooking(context, 'pending');
    if (back.status === 200) done.push('booking back to pending');
    else problems.push(`booking: ${back.status} ${back.message}`);
  }
  // An account with an open booking cannot be deleted: its driver cancels the test booking.
  const cancelled = await context.driver.api.patch('/bookings/{id}', {
    params: { path: { id: context.booking.id } },
    body: { status: 'cancelled' },
  });
  if (cancelled.status === 200) done.push('test booking cancelled by its driver');
  else problems.push(`cancelling the test booking: ${cancelled.status} ${cancelled.message}`);
  const deleted = await Promise.all([context.driver, context.mechanic].map(deleteTestAccount));
  deleted.forEach((response, index) => {
    const account = index === 0 ? context.driver : context.mechanic;
    if (response.status !== 204)
      problems.push(`could not delete ${account.email}: ${response.status} ${response.message}`);
  });
  if (problems.length > 0) return { ok: false, detail: `Undo incomplete: ${problems.join('; ')}` };
  return { ok: true, detail: `Undone: ${[...done, '2 test accounts deleted'].join(', ')}.` };
}
