import type { PaymentReminder } from '#core/billing/schemas.ts';
import type { ProviderListItem } from '#core/providers/search.ts';
import type { ApiPaths } from '#web/api/client.ts';
import { billingCalls } from '../shared/billing/billing-calls.ts';
import { CheckFailure, expectStatus, expectThat, type Check } from '../shared/checks.ts';
import type { QaResponse } from '../shared/qa-api.ts';
import {
  accountFromRegistration,
  registerWithBearer,
  type Registration,
} from '../auth-test/auth-calls.ts';
import type { AuthRunContext } from '../auth-test/auth-checks.ts';
import type { PaymentCheckContext } from '../payment-test/payment-checks.ts';
import {
  TEST_DATA_PREFIX,
  createTestAccount,
  deleteTestAccount,
  type TestAccount,
  type TestRole,
} from '../shared/test-accounts.ts';

/** Downtown Dallas, where the demo data places most providers. */
export const DALLAS = { latitude: 32.7767, longitude: -96.797 } as const;
export const SEARCH_RADIUS_MILES = 25;

/**
 * What one group remembers between its own checks. A group never reads another group's slot:
 * each check that needs something the group made earlier finds it here, or makes it itself.
 */
export interface SuiteState {
  /** The Authentication Test page's run: `accounts` is the suite's `created`. */
  auth: AuthRunContext;
  providers: { business?: { id: string; businessName: string } };
  booking: { bookingId?: string };
  /** The Payment Test page's run (paymentRun). */
  payment: { run?: PaymentCheckContext };
  calendar: { subscriptionId?: string; reminder?: PaymentReminder };
}

export interface SuiteContext {
  driver: TestAccount;
  mechanic: TestAccount;
  /** Accounts the checks themselves register (and any a refused registration created anyway). */
  created: TestAccount[];
  state: SuiteState;
}

export type SuiteCheck = Check<SuiteContext>;

export interface SuiteGroup {
  id: string;
  name: string;
  checks: readonly SuiteCheck[];
}

/** Registers an account on a bearer session; any account it creates is kept for the cleanup. */
export async function registerAccount(context: SuiteContext, details: Registration) {
  const response = await registerWithBearer(details);
  const account = accountFromRegistration(response, details);
  if (account) context.created.push(account);
  return response;
}

/** The per-field messages of a refusal's `{ error, fields }` body; none for any other body. */
export function fieldMessagesOf(response: QaResponse): Record<string, string> {
  const body: unknown = response.body;
  const fields = typeof body === 'object' && body !== null && 'fields' in body && body.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (field): field is [string, string] => typeof field[1] === 'string',
    ),
  );
}

/**
 * A step a check needs before it can test its own subject (a provider to book, a plan to remind
 * of): when it fails, the check says which step and which call.
 */
export async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StepFailure)
      throw new StepFailure(`${label} → ${error.message}`, error.response);
    if (!(error instanceof CheckFailure)) throw error;
    const call = error.response ? ` (${error.response.method} ${error.response.path})` : '';
    throw new StepFailure(`${label}${call}: ${error.message}`, error.response);
  }
}

class StepFailure extends CheckFailure {}

/**
 * What an earlier check of the group made (`known`), or, when that check did not get that far,
 * what `make` makes now as the step `label`.
 */
export async function earlierOr<T>(
  known: T | undefined,
  label: string,
  make: () => Promise<T>,
): Promise<T> {
  return known ?? step(label, make);
}

/** Why a setup step failed, in words and with the response that decided it. */
export class SetupError extends CheckFailure {
  override readonly name = 'SetupError';
}

async function createOrExplain(role: TestRole): Promise<TestAccount> {
  const { account, response } = await createTestAccount(role);
  if (account) return account;
  const reason =
    response.ok && response.status !== 0
      ? `the server answered ${response.status} without a bearer token`
      : `Expected 201, got ${response.status}: ${response.message}`;
  throw new SetupError(`Could not create the test ${role}: ${reason}`, response);
}

/** The run's two test accounts: one driver, one mechanic, each on its own bearer session. */
export async function prepareSuite(): Promise<SuiteContext> {
  const driver = await createOrExplain('driver');
  let mechanic: TestAccount;
  try {
    mechanic = await createOrExplain('mechanic');
  } catch (error) {
    await deleteTestAccount(driver);
    throw error;
  }
  const created: TestAccount[] = [];
  return {
    driver,
    mechanic,
    created,
    state: {
      auth: { accounts: created, account: driver },
      providers: {},
      booking: {},
      payment: {},
      calendar: {},
    },
  };
}

export interface CleanupOutcome {
  ok: boolean;
  detail: string;
}

/** Deletes every account of the run; their bookings, businesses and plans go with them. */
export async function cleanupSuite(context: SuiteContext): Promise<CleanupOutcome> {
  const accounts = [context.driver, context.mechanic, ...context.created];
  const responses = await Promise.all(accounts.map(deleteTestAccount));
  const failures = responses
    .map((response, index) => ({ response, account: accounts[index]! }))
    .filter(({ response }) => response.status !== 204);
  if (failures.length === 0)
    return { ok: true, detail: `Deleted ${accounts.length} test accounts and their data.` };
  return {
    ok: false,
    detail: failures
      .map(
        ({ account, response }) =>
          `Could not delete ${account.email}: ${response.status} ${response.message}`,
      )
      .join('; '),
  };
}

/** The filters of GET /api/providers. */
export type ProviderQuery = NonNullable<ApiPaths['/providers']['get']['parameters']['query']>;

/** A search around `place`: its query's first three parameters, as the server names them. */
export const providersNear = (
  place: { latitude: number; longitude: number },
  radius: number,
): ProviderQuery => ({ latitude: place.latitude, longitude: place.longitude, radius });

/**
 * A provider search (or list) as the test driver; fails unless the server answered 200. Items are
 * list items, with the whole provider's fields too for `fields: 'full'`.
 */
export const searchProviders = async (context: SuiteContext, query: ProviderQuery) =>
  expectStatus(await context.driver.api.get('/providers', { params: { query } }), 200);

/** An available demo provider near Dallas, found by the calling check itself. */
export const findDallasProvider = (context: SuiteContext) =>
  step('Finding a Dallas provider', () => searchDallasProvider(context));

async function searchDallasProvider(context: SuiteContext) {
  const response = await searchProviders(context, {
    ...providersNear(DALLAS, SEARCH_RADIUS_MILES),
    status: 'available',
  });
  const provider = response.body?.[0];
  expectThat(provider, 'No Dallas providers found', response);
  return provider!;
}

export const today = () => new Date().toISOString().slice(0, 10);

/** A booking request the test driver may send: test data, today, as soon as possible. */
export function bookingRequest(
  provider: Pick<ProviderListItem, 'id'>,
  serviceType: string,
  note: string,
) {
  return {
    providerId: provider.id,
    serviceType,
    description: `${TEST_DATA_PREFIX} booking: ${note}`,
    vehicleDetails: `${TEST_DATA_PREFIX} truck`,
    preferredDate: today(),
    preferredTime: 'asap' as const,
    location: 'Dallas, TX',
  };
}

/** "1 booking", "3 bookings". */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const shortId = (id: string) => id.slice(0, 8);

/** GET /api/meta's payment gateway, read once as the step of the check that first needs it. */
const readGateway = (context: SuiteContext) =>
  step('Reading the payment gateway', async () =>
    expectStatus(await context.mechanic.api.get('/meta'), 200),
  );

/** Card confirmations here need the test gateway: fails the check on real Stripe. */
export async function requireTestGateway(context: SuiteContext) {
  const meta = await readGateway(context);
  expectThat(
    meta.body?.payments === 'test',
    'This server takes payments through real Stripe: confirming a card needs Stripe Elements in a browser form, which this suite cannot fill in (GET /api/meta payments: stripe)',
    meta,
  );
}

/** The Payment Test page's run, on the suite's test mechanic. */
export async function paymentRun(context: SuiteContext): Promise<PaymentCheckContext> {
  context.state.payment.run ??= {
    account: context.mechanic,
    gateway: (await readGateway(context)).body.payments,
  };
  return context.state.payment.run;
}

/**
 * Any subscription of the test mechanic (pending is enough for reminders and refusals): the
 * newest one it has, or a new Basic one, unpaid.
 */
export async function anySubscription(
  context: SuiteContext,
  slot: { subscriptionId?: string },
): Promise<string> {
  return earlierOr(slot.subscriptionId, "Finding the test mechanic's plan", () =>
    findOrCreateSubscription(context, slot),
  );
}

async function findOrCreateSubscription(
  context: SuiteContext,
  slot: { subscriptionId?: string },
): Promise<string> {
  const { mechanic } = context;
  const calls = billingCalls(mechanic.api);
  const list = expectStatus(await calls.subscriptions(mechanic.user.id), 200);
  const usable = list.body?.find((s) => !['failed', 'expired'].includes(s.status));
  if (usable) {
    slot.subscriptionId = usable.id;
    return usable.id;
  }
  const created = expectStatus(await calls.createSubscription('basic'), 201);
  slot.subscriptionId = created.body.subscriptionId;
  return created.body.subscriptionId;
}
