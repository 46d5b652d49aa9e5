import { createHash, randomBytes } from 'node:crypto';
import {
  FUNDS_AVAILABLE_AFTER_DAYS,
  refundSplit,
  TEST_ACCOUNT_NUMBER_PAYOUTS_FAIL,
  type PayoutSchedule,
} from '../../../../core/billing/payouts.ts';
import type { Database, Executor } from '../../../db/client.ts';
import {
  GatewayError,
  type GatewayAccount,
  type GatewayBalance,
  type GatewayChargeFacts,
  type GatewayRefund,
  type RefundInput,
  type TransferReversalInput,
} from './gateway.ts';
import * as connect from './test-gateway-connect.repository.ts';
import {
  accountObject,
  chargeObject,
  disputeObject,
  payoutObject,
  toGatewayAccount,
} from './test-gateway-objects.ts';
import type * as repo from './test-gateway.repository.ts';
import * as intents from './test-gateway.repository.ts';

const DAY_MS = 86_400_000;
/** The test batch a runner takes at once; the rest wait for the next batch. */
const BATCH = 20;
/** How far back a runner that was stopped catches up on payout days. */
const CATCH_UP_DAYS = 31;
const EVIDENCE_DAYS = 7;

/** What a new Express account must still give (Stripe's keys for a US individual). */
export const NEW_ACCOUNT_DUE = [
  'external_account',
  'individual.first_name',
  'individual.last_name',
  'individual.dob',
  'individual.id_number',
  'tos_acceptance.date',
];
export const DOCUMENT_DUE = 'individual.verification.document';
/** Stripe's test ID number that needs an identity document before payouts. */
export const TEST_ID_NEEDS_DOCUMENT = '111111111';

export type ConnectEvent = { type: string; object: Record<string, unknown>; account?: string };
export type Emit = (event: ConnectEvent) => void;

export type OnboardingInput =
  | {
      firstName: string;
      lastName: string;
      dob: string;
      idNumber: string;
      routingNumber: string;
      accountNumber: string;
    }
  | { idDocument: 'verified' | 'unreadable' };

export interface OnboardingView {
  id: string;
  businessName: string;
  currentlyDue: string[];
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
}

interface ConnectDeps {
  db: Database;
  /** Runs a change in one transaction, then posts the webhooks it produced. */
  change<T>(work: (tx: Executor, emit: Emit) => Promise<T>): Promise<T>;
  publicUrl?: string;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const midnight = (date: Date) => new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
const isPayoutDay = (schedule: string, day: Date) => schedule !== 'weekly' || day.getUTCDay() === 1;
/** One payout per account and day, whichever runner makes it. */
const payoutId = (accountId: string, day: Date) =>
  `po_test_${createHash('sha256').update(`${accountId}:${day.toISOString()}`).digest('hex').slice(0, 24)}`;

/**
 * Stripe Connect on the test gateway (docs/billing.md, "Payouts"): Express accounts onboarded on
 * its own page, destination charges, refunds that give back the fee and reverse the transfer,
 * disputes, balances and payouts on the gateway's own clock (Stripe's test clocks).
 */
export function createTestConnect(deps: ConnectDeps) {
  const { db, change } = deps;

  async function gatewayNow(exec: Executor = db) {
    return new Date(Date.now() + (await connect.clockOffsetMs(exec)));
  }

  async function accountOrThrow(exec: Executor, id: string, lock = false) {
    const account = await connect.findAccount(exec, id, lock);
    if (!account) throw new GatewayError('not_found', 'No such account');
    return account;
  }

  const accountUpdated = (emit: Emit, account: connect.TestAccount) =>
    emit({ type: 'account.updated', object: accountObject(account), account: account.id });

  async function ownAccount(exec: Executor, userId: string, id: string, lock = false) {
    const account = await connect.findAccount(exec, id, lock);
    // Someone else's account answers like a missing one.
    if (!account || account.metadata.userId !== userId)
      throw new GatewayError('not_found', 'No such account');
    return account;
  }

  const view = (account: connect.TestAccount): OnboardingView => ({
    id: account.id,
    businessName: account.businessName,
    currentlyDue: account.currentlyDue,
    detailsSubmitted: account.detailsSubmitted,
    payoutsEnabled: account.payoutsEnabled,
  });

  function onboarded(account: connect.TestAccount, input: OnboardingInput) {
    if ('idDocument' in input) {
      if (!account.currentlyDue.includes(DOCUMENT_DUE))
        throw new GatewayError('bad_request', 'No identity document is due on this account');
      if (input.idDocument === 'unreadable') return {};
      const due = account.currentlyDue.filter((key) => key !== DOCUMENT_DUE);
      return { currentlyDue: due, payoutsEnabled: due.length === 0, disabledReason: null };
    }
    const needsDocument = input.idNumber === TEST_ID_NEEDS_DOCUMENT;
    return {
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: !needsDocument,
      currentlyDue: needsDocument ? [DOCUMENT_DUE] : [],
      disabledReason: null,
      individual: {
        firstName: input.firstName,
        lastName: input.lastName,
        dob: input.dob,
        idNumberLast4: input.idNumber.slice(-4),
      },
      bankRouting: input.routingNumber,
      bankLast4: input.accountNumber.slice(-4),
      bankBehaviour:
        input.accountNumber === TEST_ACCOUNT_NUMBER_PAYOUTS_FAIL ? 'fails' : 'succeeds',
    } satisfies Partial<connect.TestAccount>;
  }

  /** In-transit payouts that arrived by `by`: paid, or failed back to the balance. */
  async function settleArrivals(
    tx: Executor,
    emit: Emit,
    account: connect.TestAccount,
    by: Date,
  ): Promise<connect.TestAccount> {
    for (const payout of await connect.arrivedPayouts(tx, account.id, by)) {
      if (account.bankBehaviour !== 'fails') {
        const paid = await connect.updatePayout(tx, payout.id, { status: 'paid' });
        emit({ type: 'payout.paid', object: payoutObject(paid), account: account.id });
        continue;
      }
      const failed = await connect.updatePayout(tx, payout.id, {
        status: 'failed',
        failureCode: 'no_account',
        failureMessage: 'The bank account number does not exist.',
      });
      await connect.releaseFromPayout(tx, payout.id);
      await connect.insertBalanceTransaction(tx, {
        id: newId('txn'),
        accountId: account.id,
        type: 'payout_failure',
        amountCents: payout.amountCents,
        availableOn: payout.arrivalDate,
        sourceId: payout.id,
        payoutId: payout.id,
      });
      account = await connect.updateAccount(tx, account.id, {
        payoutsEnabled: false,
        currentlyDue: [...new Set([...account.currentlyDue, 'external_account'])],
      });
      emit({ type: 'payout.failed', object: payoutObject(failed), account: account.id });
      accountUpdated(emit, account);
    }
    return account;
  }

  /** A payout day's payout: what was available at its 00:00 and in no payout yet. */
  async function payOut(tx: Executor, emit: Emit, account: connect.TestAccount, day: Date) {
    const due = await connect.availableBy(tx, account.id, day);
    const amount = due.reduce((sum, row) => sum + row.amountCents, 0);
    if (amount <= 0) return;
    const payout = await connect.insertPayout(tx, {
      id: payoutId(account.id, day),
      accountId: account.id,
      amountCents: amount,
      status: 'in_transit',
      arrivalDate: new Date(day.getTime() + DAY_MS),
      createdAt: day,
    });
    if (!payout) return;
    await connect.assignToPayout(
      tx,
      due.map((row) => row.id),
      payout.id,
    );
    await connect.insertBalanceTransaction(tx, {
      id: newId('txn'),
      accountId: account.id,
      type: 'payout',
      amountCents: -amount,
      availableOn: day,
      sourceId: payout.id,
      payoutId: payout.id,
    });
    emit({ type: 'payout.created', object: payoutObject(payout), account: account.id });
  }

  /**
   * Every payout day since the account's last payout, in order (arrivals first: a failed payout
   * stops the next), then what arrived by now. Days before its oldest unpaid money pay nothing.
   */
  async function runAccount(tx: Executor, emit: Emit, account: connect.TestAccount, now: Date) {
    const today = midnight(now);
    const latest = await connect.latestPayout(tx, account.id);
    const unpaid = await connect.earliestUnpaid(tx, account.id);
    const from = Math.max(
      latest ? midnight(latest.createdAt).getTime() + DAY_MS : 0,
      unpaid ? midnight(unpaid).getTime() : Infinity,
      today.getTime() - CATCH_UP_DAYS * DAY_MS,
    );
    for (let t = from; t <= today.getTime(); t += DAY_MS) {
      const day = new Date(t);
      account = await settleArrivals(tx, emit, account, day);
      if (account.payoutsEnabled && isPayoutDay(account.payoutInterval, day))
        await payOut(tx, emit, account, day);
    }
    await settleArrivals(tx, emit, account, now);
  }

  async function chargeFacts(paymentIntentId: string): Promise<GatewayChargeFacts> {
    const intent = await connect.findIntent(db, paymentIntentId);
    if (!intent) throw new GatewayError('not_found', 'No such payment');
    const [refunds, disputes, reversedAlone] = await Promise.all([
      connect.refundsOf(db, intent.id),
      connect.disputesOf(db, intent.id),
      connect.reversedWithoutRefund(db, intent.id),
    ]);
    const fee = intent.applicationFeeCents ?? 0;
    const charged = intent.status === 'succeeded' ? intent.amountCents : 0;
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    return {
      paymentIntentId: intent.id,
      chargedCents: charged,
      refundedCents: intent.amountRefundedCents,
      applicationFeeCents: charged ? fee : 0,
      feeRefundedCents: sum(refunds.map((r) => r.feeRefundCents)),
      transferredCents: charged && intent.destinationAccountId ? charged - fee : 0,
      reversedCents: sum(refunds.map((r) => r.reversalCents)) + reversedAlone,
      // A won dispute gives the money back; an open or lost one holds it.
      disputedCents: sum(disputes.filter((d) => d.status !== 'won').map((d) => d.amountCents)),
    };
  }

  const toRefund = (refund: connect.TestRefund): GatewayRefund => ({
    id: refund.id,
    paymentIntentId: refund.paymentIntentId,
    amountCents: refund.amountCents,
    feeRefundCents: refund.feeRefundCents,
    reversalCents: refund.reversalCents,
    status: 'succeeded',
  });

  return {
    gatewayNow,

    async createAccount(input: {
      providerId: string;
      ownerUserId: string;
      email: string;
      businessName: string;
    }): Promise<GatewayAccount> {
      return change(async (tx, emit) => {
        // As Stripe's idempotency key `payout-account:<providerId>` does: the first one again.
        const existing = await connect.findAccountOfProvider(tx, input.providerId);
        if (existing) return toGatewayAccount(existing);
        const account = await connect.insertAccount(tx, {
          id: newId('acct'),
          email: input.email,
          businessName: input.businessName,
          metadata: { providerId: input.providerId, userId: input.ownerUserId },
          currentlyDue: NEW_ACCOUNT_DUE,
          disabledReason: 'requirements.past_due',
          createdAt: await gatewayNow(tx),
        });
        accountUpdated(emit, account);
        return toGatewayAccount(account);
      });
    },

    async retrieveAccount(id: string) {
      return toGatewayAccount(await accountOrThrow(db, id));
    },

    async accountLink(id: string, urls: { returnUrl: string; refreshUrl: string }) {
      const account = await accountOrThrow(db, id);
      const base = deps.publicUrl ?? new URL(urls.returnUrl).origin;
      return `${base}/profile?tab=business&payouts=onboarding&account=${encodeURIComponent(account.id)}`;
    },

    async setPayoutSchedule(id: string, schedule: PayoutSchedule) {
      return change(async (tx, emit) => {
        const account = await accountOrThrow(tx, id, true);
        if (account.payoutInterval === schedule) return toGatewayAccount(account);
        const updated = await connect.updateAccount(tx, id, {
          payoutInterval: schedule,
          weeklyAnchor: 'monday',
        });
        accountUpdated(emit, updated);
        return toGatewayAccount(updated);
      });
    },

    async balance(id: string): Promise<GatewayBalance> {
      await accountOrThrow(db, id);
      return connect.balanceOf(db, id, await gatewayNow());
    },

    /** The onboarding page's view of an account: only its owner sees it. */
    async onboardingView(userId: string, id: string) {
      return view(await ownAccount(db, userId, id));
    },

    async onboard(userId: string, id: string, input: OnboardingInput) {
      return change(async (tx, emit) => {
        const account = await ownAccount(tx, userId, id, true);
        const changes = onboarded(account, input);
        if (Object.keys(changes).length === 0) return view(account);
        const updated = await connect.updateAccount(tx, id, changes);
        accountUpdated(emit, updated);
        return view(updated);
      });
    },

    /** Refuses a destination charge to an account that cannot take card payments. */
    async checkDestination(tx: Executor, accountId: string, feeCents: number, amount: number) {
      const account = await connect.findAccount(tx, accountId);
      if (!account || !account.chargesEnabled)
        throw new GatewayError('bad_request', 'This business cannot take card payments yet');
      if (feeCents < 0 || feeCents > amount)
        throw new GatewayError('bad_request', 'The platform fee must be within the amount');
    },

    /**
     * A payment intent succeeded: a destination charge's share waits on the account for 2 days;
     * Stripe's disputed test card opens a dispute at once.
     */
    async paymentSucceeded(
      tx: Executor,
      emit: Emit,
      intent: repo.TestIntent,
      card: repo.TestPaymentMethod,
    ) {
      const now = await gatewayNow(tx);
      if (intent.destinationAccountId)
        await connect.insertBalanceTransaction(tx, {
          id: newId('txn'),
          accountId: intent.destinationAccountId,
          type: 'payment',
          amountCents: intent.amountCents - (intent.applicationFeeCents ?? 0),
          availableOn: new Date(now.getTime() + FUNDS_AVAILABLE_AFTER_DAYS * DAY_MS),
          sourceId: intent.id,
        });
      if (card.behaviour === 'disputed' && !intent.subscriptionId) {
        const dispute = await connect.insertDispute(tx, {
          id: newId('du'),
          paymentIntentId: intent.id,
          amountCents: intent.amountCents,
          reason: 'fraudulent',
          status: 'needs_response',
          evidenceDueBy: new Date(now.getTime() + EVIDENCE_DAYS * DAY_MS),
          createdAt: now,
        });
        emit({ type: 'charge.dispute.created', object: disputeObject(dispute) });
      }
    },

    async closeDispute(id: string, outcome: 'won' | 'lost') {
      await change(async (tx, emit) => {
        const dispute = await connect.findDispute(tx, id, true);
        if (!dispute) throw new GatewayError('not_found', 'No such dispute');
        if (dispute.status === 'won' || dispute.status === 'lost')
          throw new GatewayError('bad_request', 'This dispute is already closed');
        const closed = await connect.updateDispute(tx, id, { status: outcome });
        emit({ type: 'charge.dispute.closed', object: disputeObject(closed) });
      });
    },

    async refund(input: RefundInput): Promise<GatewayRefund> {
      return change(async (tx, emit) => {
        const intent = await connect.findIntent(tx, input.paymentIntentId, true);
        if (!intent || intent.kind !== 'payment')
          throw new GatewayError('not_found', 'No such payment');
        // As Stripe does with an Idempotency-Key: the same key answers the first refund again.
        const earlier = await connect.findRefundByIdempotencyKey(tx, input.idempotencyKey);
        if (earlier) return toRefund(earlier);
        if (intent.status !== 'succeeded')
          throw new GatewayError(
            'bad_request',
            'This payment was not made, so nothing is refunded',
          );
        // As at Stripe: a charge in an open or lost dispute is not refunded (the bank holds it).
        if ((await connect.disputesOf(tx, intent.id)).some((d) => d.status !== 'won'))
          throw new GatewayError(
            'bad_request',
            'This payment is disputed with the bank, so it cannot be refunded',
          );
        const left = intent.amountCents - intent.amountRefundedCents;
        if (input.amountCents > left)
          throw new GatewayError(
            'bad_request',
            'The refund is more than what is left on this payment',
          );
        if (input.amountCents <= 0)
          throw new GatewayError('bad_request', 'The refund must be more than $0');
        const before = await connect.refundsOf(tx, intent.id);
        const split = intent.destinationAccountId
          ? refundSplit({
              refundCents: input.amountCents,
              totalCents: intent.amountCents,
              feeCents: intent.applicationFeeCents ?? 0,
              refundedBeforeCents: intent.amountRefundedCents,
              feeRefundedBeforeCents: before.reduce((s, r) => s + r.feeRefundCents, 0),
              reversedBeforeCents: before.reduce((s, r) => s + r.reversalCents, 0),
            })
          : { feeRefundCents: 0, reversalCents: 0 };
        const now = await gatewayNow(tx);
        const refund = await connect.insertRefund(tx, {
          id: newId('re'),
          paymentIntentId: intent.id,
          amountCents: input.amountCents,
          feeRefundCents: split.feeRefundCents,
          reversalCents: split.reversalCents,
          reason: input.reason,
          metadata: input.metadata,
          idempotencyKey: input.idempotencyKey,
          createdAt: now,
        });
        const refunded = await intents.updateIntent(tx, intent.id, {
          amountRefundedCents: intent.amountRefundedCents + input.amountCents,
        });
        if (intent.destinationAccountId && split.reversalCents !== 0)
          await connect.insertBalanceTransaction(tx, {
            id: newId('txn'),
            accountId: intent.destinationAccountId,
            type: 'transfer_reversal',
            amountCents: -split.reversalCents,
            availableOn: now,
            sourceId: refund.id,
          });
        const disputes = await connect.disputesOf(tx, intent.id);
        emit({
          type: 'charge.refunded',
          object: chargeObject(refunded, [...before, refund], disputes.length > 0),
        });
        return toRefund(refund);
      });
    },

    async reverseTransfer(input: TransferReversalInput) {
      return change(async (tx) => {
        const intent = await connect.findIntent(tx, input.paymentIntentId, true);
        if (!intent || intent.kind !== 'payment' || intent.status !== 'succeeded')
          throw new GatewayError('not_found', 'No such payment');
        if (!intent.destinationAccountId)
          throw new GatewayError('not_found', 'This payment was not transferred to a provider');
        // As Stripe does with an Idempotency-Key: the same key answers the first reversal again.
        const id = `trr_${createHash('sha256').update(`${intent.id}:${input.idempotencyKey}`).digest('hex').slice(0, 24)}`;
        const earlier = await connect.findBalanceTransaction(tx, id);
        if (earlier) return { id, amountCents: -earlier.amountCents };
        const refunds = await connect.refundsOf(tx, intent.id);
        const left =
          intent.amountCents -
          (intent.applicationFeeCents ?? 0) -
          refunds.reduce((s, r) => s + r.reversalCents, 0) -
          (await connect.reversedWithoutRefund(tx, intent.id));
        if (input.amountCents <= 0 || input.amountCents > left)
          throw new GatewayError(
            'bad_request',
            'You have attempted to reverse more than the amount of this transfer.',
          );
        await connect.insertBalanceTransaction(tx, {
          id,
          accountId: intent.destinationAccountId,
          type: 'transfer_reversal',
          amountCents: -input.amountCents,
          availableOn: await gatewayNow(tx),
          sourceId: intent.id,
        });
        return { id, amountCents: input.amountCents };
      });
    },

    chargeFacts,

    /** Payout days and arrivals up to the gateway's now, one account at a time, once across servers. */
    async runPayouts(wallNow: Date) {
      const now = new Date(wallNow.getTime() + (await connect.clockOffsetMs(db)));
      let after = '';
      for (;;) {
        const claimed = await change(async (tx, emit) => {
          const accounts = await connect.claimPayoutAccounts(tx, after, BATCH);
          for (const account of accounts) await runAccount(tx, emit, account, now);
          return accounts;
        });
        if (claimed.length < BATCH) return;
        after = claimed[claimed.length - 1]!.id;
      }
    },

    /** Moves the gateway's clock on by whole days; answers its new now. */
    async advanceClock(days: number) {
      const offset = await connect.advanceClock(db, days * DAY_MS);
      return new Date(Date.now() + offset);
    },
  };
}

export type TestConnect = ReturnType<typeof createTestConnect>;
