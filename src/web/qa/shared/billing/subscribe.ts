import type { GatewayMode } from '#core/billing/schemas.ts';
import type { PlanType } from '#core/billing/plans.ts';
import { CheckFailure, expectStatus, expectThat } from '../checks.ts';
import type { TestAccount } from '../test-accounts.ts';
import { billingCalls, subscribeWithCard } from './billing-calls.ts';
import { DECLINED_CARD, NEEDS_TEST_GATEWAY, SUCCEEDING_CARD } from './test-cards.ts';

/** What the billing and reminder checks run with: the test mechanic and the server's gateway. */
export interface GatewayContext {
  account: TestAccount;
  gateway: GatewayMode;
}

/** Confirming a card from here needs the test gateway: fails the check on real Stripe. */
export function needsTestGateway(context: GatewayContext) {
  if (context.gateway !== 'test') throw new CheckFailure(NEEDS_TEST_GATEWAY);
}

/** The billing calls as the test mechanic. */
export const accountCalls = (context: GatewayContext) => billingCalls(context.account.api);

/**
 * Subscribes the test mechanic to `planType`, paying with the succeeding test card; fails the
 * check with why it stopped (after `failurePrefix`, when given) and the last call made.
 */
export async function subscribeOrFail(
  context: GatewayContext,
  planType: PlanType,
  failurePrefix?: string,
) {
  needsTestGateway(context);
  const { account } = context;
  const outcome = await subscribeWithCard(account.api, account.user.id, planType, SUCCEEDING_CARD);
  const last = outcome.calls.at(-1);
  if (outcome.failure || !outcome.plan) {
    const reason = outcome.failure ?? 'No plan came back';
    throw new CheckFailure(failurePrefix ? `${failurePrefix}: ${reason}` : reason, last);
  }
  return { plan: outcome.plan, last };
}

/** Confirms `clientSecret` with the declined test card; fails the check unless it was refused. */
export async function confirmDeclined(
  calls: ReturnType<typeof billingCalls>,
  clientSecret: string,
) {
  const confirmed = expectStatus(await calls.confirm(clientSecret, DECLINED_CARD), 200);
  expectThat(
    confirmed.body.status === 'failed',
    `The declined card was ${confirmed.body.status}`,
    confirmed,
  );
  return confirmed;
}
