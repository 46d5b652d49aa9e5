import type Stripe from 'stripe';
import { readAccount } from '../billing-events.ts';
import type { GatewayAccount } from './gateway.ts';
import type * as connect from './test-gateway-connect.repository.ts';
import type * as repo from './test-gateway.repository.ts';

/** The test gateway's rows in the shapes of Stripe's API objects, for its events and answers. */

export const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** A payment intent's one charge: the test gateway keeps no charge rows, so its id follows the intent's. */
export const chargeIdOf = (paymentIntentId: string) => paymentIntentId.replace(/^pi_/, 'ch_');

export function accountObject(account: connect.TestAccount): Record<string, unknown> {
  const pastDue = account.disabledReason === 'requirements.past_due' ? account.currentlyDue : [];
  return {
    id: account.id,
    object: 'account',
    type: 'express',
    country: 'US',
    default_currency: 'usd',
    email: account.email,
    business_profile: { name: account.businessName },
    capabilities: {
      card_payments: account.chargesEnabled ? 'active' : 'inactive',
      transfers: account.payoutsEnabled ? 'active' : 'inactive',
    },
    charges_enabled: account.chargesEnabled,
    payouts_enabled: account.payoutsEnabled,
    details_submitted: account.detailsSubmitted,
    requirements: {
      currently_due: account.currentlyDue,
      past_due: pastDue,
      eventually_due: account.currentlyDue,
      pending_verification: [],
      disabled_reason: account.disabledReason,
      current_deadline: null,
      errors: [],
    },
    settings: {
      payouts: {
        schedule: {
          delay_days: 2,
          interval: account.payoutInterval,
          ...(account.payoutInterval === 'weekly' ? { weekly_anchor: account.weeklyAnchor } : {}),
        },
      },
    },
    external_accounts: {
      object: 'list',
      has_more: false,
      url: `/v1/accounts/${account.id}/external_accounts`,
      data: account.bankLast4
        ? [
            {
              id: account.id.replace(/^acct_/, 'ba_'),
              object: 'bank_account',
              account: account.id,
              country: 'US',
              currency: 'usd',
              last4: account.bankLast4,
              routing_number: account.bankRouting,
              status: account.currentlyDue.includes('external_account') ? 'errored' : 'new',
            },
          ]
        : [],
    },
    metadata: account.metadata,
    created: unix(account.createdAt),
  };
}

/** One reading of an account for both the API answers and the events: Stripe's own reader. */
export const toGatewayAccount = (account: connect.TestAccount): GatewayAccount =>
  readAccount(accountObject(account) as unknown as Stripe.Account);

export function payoutObject(payout: connect.TestPayout): Record<string, unknown> {
  return {
    id: payout.id,
    object: 'payout',
    amount: payout.amountCents,
    currency: 'usd',
    arrival_date: unix(payout.arrivalDate),
    automatic: true,
    created: unix(payout.createdAt),
    description: 'STRIPE PAYOUT',
    destination: payout.accountId.replace(/^acct_/, 'ba_'),
    failure_code: payout.failureCode,
    failure_message: payout.failureMessage,
    method: 'standard',
    status: payout.status,
    type: 'bank_account',
    metadata: {},
  };
}

export function refundObject(refund: connect.TestRefund): Record<string, unknown> {
  return {
    id: refund.id,
    object: 'refund',
    amount: refund.amountCents,
    charge: chargeIdOf(refund.paymentIntentId),
    currency: 'usd',
    payment_intent: refund.paymentIntentId,
    reason: 'requested_by_customer',
    status: 'succeeded',
    metadata: refund.metadata,
    created: unix(refund.createdAt),
  };
}

/** Stripe's Charge, as `charge.refunded` carries it. */
export function chargeObject(
  intent: repo.TestIntent,
  refunds: connect.TestRefund[],
  disputed: boolean,
): Record<string, unknown> {
  return {
    id: chargeIdOf(intent.id),
    object: 'charge',
    amount: intent.amountCents,
    amount_captured: intent.amountCents,
    amount_refunded: intent.amountRefundedCents,
    application_fee_amount: intent.applicationFeeCents,
    currency: intent.currency,
    customer: intent.customerId,
    disputed,
    metadata: intent.metadata,
    payment_intent: intent.id,
    paid: true,
    refunded: intent.amountRefundedCents >= intent.amountCents,
    status: 'succeeded',
    transfer_data: intent.destinationAccountId
      ? { amount: null, destination: intent.destinationAccountId }
      : null,
    refunds: {
      object: 'list',
      has_more: false,
      url: `/v1/charges/${chargeIdOf(intent.id)}/refunds`,
      data: [...refunds].reverse().map(refundObject),
    },
  };
}

export function disputeObject(dispute: connect.TestDispute): Record<string, unknown> {
  return {
    id: dispute.id,
    object: 'dispute',
    amount: dispute.amountCents,
    balance_transactions: [],
    charge: chargeIdOf(dispute.paymentIntentId),
    currency: 'usd',
    created: unix(dispute.createdAt),
    evidence_details: {
      due_by: unix(dispute.evidenceDueBy),
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: dispute.paymentIntentId,
    reason: dispute.reason,
    status: dispute.status,
  };
}
