import { AppError } from '../../../core/errors.ts';
import { formatUsd, fromCents, toCents } from '../../../core/money.ts';
import type {
  CreatePaymentInput,
  DisputeCashInput,
  DisputedPayment,
  Payment,
  PaymentResult,
  Receipt,
  ResolveDisputeInput,
  SavedCard,
} from '../../../core/billing/schemas.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database, Transaction, WithinChange } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { isAdminActFor, recordAdminAct } from '../admin/index.ts';
import { webhookEvents } from '../webhooks/index.ts';
import * as repo from './billing.repository.ts';
import { notifyBilling, notifyReceipt } from './billing-notices.ts';
import { keyedLock, type CustomerFinder } from './customers.ts';
import type { ChargeResult, PaymentGateway } from './gateway/gateway.ts';
import { jobSplit } from '../../../core/billing/payouts.ts';
import { recordJobCharge } from './job-ledger.ts';
import { assertPaymentsOn } from './payments-mode.ts';
import * as payoutsRepo from './payouts.repository.ts';
import { fromGateway } from './subscriptions.service.ts';

const ALREADY_PAID = 'This job is already paid';
/** A payment still in play has no receipt: cash the provider has not confirmed, a charge under way. */
const NO_RECEIPT_YET = new Set(['processing', 'awaiting_confirmation', 'disputed']);

export function createPaymentsService(
  db: Database,
  gateway: PaymentGateway,
  customers: CustomerFinder,
  events: EventBus,
) {
  const oneAtATime = keyedLock();

  async function defaultCardId(customerId: string) {
    const cards = await gateway.listCards(customerId);
    const card = cards.find((c) => c.isDefault) ?? cards[0];
    if (!card) throw new AppError('bad_request', 'Add a card first (Profile → Payment Methods)');
    return card.id;
  }

  /** Claimed longer ago than this with no answer recorded: its server stopped mid-charge. */
  const STALE_CLAIM_MS = 2 * 60_000;

  /**
   * Claims the job's payment before anything is charged: a row in play (`processing`, or cash
   * `awaiting_confirmation`) inserted under the one-payment-in-play index, in its own transaction,
   * so a second tap or a second app server gets 409 instead of a second charge. A claim left by a
   * server that stopped is taken over with the same attempt number (so the same idempotency key).
   */
  async function claim(
    row: repo.NewPayment,
    within?: (tx: Transaction) => Promise<void>,
  ): Promise<repo.PaymentRow> {
    try {
      return await db.transaction(async (tx) => {
        const open = await repo.findOpenBookingPayment(tx, row.bookingId!);
        if (open) {
          const stale = Date.now() - open.updatedAt.getTime() > STALE_CLAIM_MS;
          if (open.status === 'processing' && stale && row.status === 'processing')
            return (await repo.settleClaim(tx, open.id, { status: 'processing' }))!;
          throw inPlay(open.status);
        }
        const attempt = (await repo.countBookingPayments(tx, row.bookingId!)) + 1;
        const inserted = await repo.insertPayment(tx, { ...row, metadata: { attempt } });
        await within?.(tx);
        return inserted;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw inPlay('processing');
      throw error;
    }
  }

  function inPlay(status: string) {
    if (status === 'processing')
      return new AppError('conflict', 'A payment for this job is already under way');
    if (status === 'awaiting_confirmation')
      return new AppError(
        'conflict',
        'A cash payment for this job is waiting for the provider to confirm it',
      );
    if (status === 'disputed')
      return new AppError('conflict', 'The cash payment for this job is being reviewed');
    return new AppError('conflict', ALREADY_PAID);
  }

  /**
   * Records what the gateway answered on the claim, and the answer for the page. The payer's
   * receipt goes out with whichever settles the payment first: this answer or the webhook.
   */
  async function recordCharge(claimed: repo.PaymentRow, charge: ChargeResult, providerId: string) {
    const stored = await db.transaction(async (tx) => {
      const before = await repo.lockPayment(tx, claimed.id);
      const settled = await repo.settleClaim(tx, claimed.id, {
        stripePaymentIntentId: charge.paymentIntentId,
        status:
          charge.status === 'succeeded'
            ? 'completed'
            : charge.status === 'failed'
              ? 'failed'
              : 'pending',
        cardBrand: charge.card?.brand ?? null,
        cardLast4: charge.card?.last4 ?? null,
        failureMessage: charge.message,
      });
      if (settled && before?.status !== 'completed' && settled.status === 'completed') {
        await notifyReceipt(tx, events, settled);
        await webhookEvents.paymentSucceeded(tx, settled);
      }
      if (settled) await recordJobCharge(tx, settled, providerId);
      return settled;
    });
    if (charge.status === 'failed')
      throw new AppError('payment_required', charge.message ?? 'Your card was declined.');
    return {
      status: charge.status,
      payment: repo.toPayment(stored!),
      clientSecret: charge.clientSecret,
      message: charge.message,
    } satisfies PaymentResult;
  }

  async function payBooking(user: PublicUser, input: CreatePaymentInput): Promise<PaymentResult> {
    const booking = await repo.findBookingToPay(db, input.bookingId!);
    if (!booking || booking.driverId !== user.id)
      throw new AppError('not_found', 'Booking not found');
    if (booking.status !== 'completed')
      throw new AppError('conflict', 'Only a completed job can be paid');
    if (booking.payment?.status === 'completed') throw new AppError('conflict', ALREADY_PAID);
    const split = jobSplit(toCents(booking.actualCost ?? booking.visitFee ?? 0));
    const amountCents = split.totalCents;
    if (input.amount !== undefined && toCents(input.amount) !== amountCents)
      throw new AppError(
        'bad_request',
        `The amount owed for this job is ${formatUsd(fromCents(amountCents))}`,
        {
          amount: `The amount owed for this job is ${formatUsd(fromCents(amountCents))}`,
        },
      );
    const description = `${booking.serviceType} — ${booking.businessName}`;
    const row: repo.NewPayment = {
      userId: user.id,
      bookingId: booking.id,
      amount: fromCents(amountCents),
      paymentMethod: input.paymentMethod,
      status: 'processing',
      description,
    };
    if (input.paymentMethod === 'ach')
      throw new AppError(
        'bad_request',
        'ACH bank payments are not available: pay by card or record cash',
      );
    if (input.paymentMethod === 'cash') {
      const recorded = await claim(
        { ...row, status: 'awaiting_confirmation', description: `${description} (cash)` },
        async (tx) => {
          await notifyBilling(
            tx,
            events,
            booking.providerOwnerId,
            'Cash payment to confirm',
            `${user.name} says they paid ${formatUsd(fromCents(amountCents))} in cash for ${booking.serviceType}. Confirm or dispute it on the job.`,
          );
          await events.publish(
            tx,
            { userIds: [user.id, booking.providerOwnerId] },
            { type: 'booking', data: { id: booking.id, status: booking.status } },
          );
        },
      );
      return {
        status: 'awaiting_confirmation',
        payment: repo.toPayment(recorded),
        clientSecret: null,
        message: 'Waiting for the provider to confirm they received the cash',
      };
    }
    assertPaymentsOn(gateway);
    if (amountCents < 50)
      throw new AppError('bad_request', 'Amounts under $0.50 cannot be paid by card');
    const account = await payoutsRepo.acceptsCards(db, booking.providerId, gateway.mode);
    if (!account) {
      await askProviderForPayouts(booking);
      throw new AppError(
        'conflict',
        `${booking.businessName} cannot take card payments yet: pay in cash, or ask them to finish setting up payouts`,
      );
    }
    const customerId = await customers.ensure(user);
    const cardId = input.paymentMethodId ?? (await defaultCardId(customerId));
    const claimed = await claim({
      ...row,
      platformFeeCents: split.platformFeeCents,
      destinationAccountId: account.accountId,
    });
    const attempt = (claimed.metadata as { attempt?: number } | null)?.attempt ?? 1;
    let charge: ChargeResult;
    try {
      charge = await gateway.charge({
        customerId,
        cardId,
        amountCents,
        description,
        metadata: {
          purpose: 'booking',
          bookingId: booking.id,
          userId: user.id,
          paymentId: claimed.id,
        },
        // The same job and attempt give the same key: a retried request is never a second charge.
        idempotencyKey: `job-payment:${booking.id}:${attempt}`,
        destination: { accountId: account.accountId, applicationFeeCents: split.platformFeeCents },
      });
    } catch (error) {
      await repo.deleteClaim(db, claimed.id);
      return fromGateway(error);
    }
    return recordCharge(claimed, charge, booking.providerId);
  }

  /** The provider hears once per job that a driver wanted to pay it by card. */
  async function askProviderForPayouts(booking: {
    id: string;
    providerOwnerId: string;
    serviceType: string;
  }) {
    await db.transaction(async (tx) => {
      if (!(await repo.claimWebhookEvent(tx, `notice:payouts-needed:${booking.id}`, 'notice')))
        return;
      await notifyBilling(
        tx,
        events,
        booking.providerOwnerId,
        'Set up payouts to get paid by card',
        `A driver wanted to pay for ${booking.serviceType} by card. Set up payouts in Profile → Business → Payouts to take card payments.`,
      );
    });
  }

  /** A cash payment of a job of the caller's business; anyone else's answers as missing. */
  async function cashOfProvider(user: PublicUser, id: string) {
    const found = await repo.findJobPayment(db, id);
    if (!found || found.providerOwnerId !== user.id || found.payment.paymentMethod !== 'cash')
      throw new AppError('not_found', 'Payment not found');
    return found;
  }

  const notAwaiting = () =>
    new AppError('conflict', 'This cash payment is not waiting for confirmation');

  /**
   * The driver hears of a cash payment's outcome, and the provider too when it was not the
   * provider's own act; both pages refetch the job.
   */
  async function tellParties(
    tx: Transaction,
    found: NonNullable<Awaited<ReturnType<typeof repo.findJobPayment>>>,
    title: string,
    message: string,
    providerToo = false,
    receipt = false,
  ) {
    await notifyBilling(
      tx,
      events,
      found.driverId,
      title,
      message,
      receipt ? { metadata: { kind: 'payment_receipt', paymentId: found.payment.id } } : {},
    );
    if (providerToo) await notifyBilling(tx, events, found.providerOwnerId, title, message);
    await events.publish(
      tx,
      { userIds: [found.driverId, found.providerOwnerId] },
      { type: 'booking', data: { id: found.payment.bookingId!, status: found.bookingStatus } },
    );
  }

  async function payPlan(user: PublicUser, input: CreatePaymentInput): Promise<PaymentResult> {
    const sub = await repo.findSubscription(db, input.subscriptionId!);
    if (!sub || (sub.userId !== user.id && user.role !== 'admin'))
      throw new AppError('not_found', 'Subscription not found');
    if (input.paymentMethod !== 'card') throw new AppError('bad_request', 'Plans are paid by card');
    assertPaymentsOn(gateway);
    if (sub.status !== 'past_due' || !sub.stripeSubscriptionId)
      throw new AppError('conflict', 'Nothing is owed on this plan');
    const charge = await gateway.retryOpenInvoice(sub.stripeSubscriptionId).catch(fromGateway);
    if (isAdminActFor(user, sub.userId))
      await recordAdminAct(db, {
        actor: user,
        action: 'subscription.pay',
        targetType: 'subscription',
        targetId: sub.id,
        before: { status: sub.status },
        after: { charge: charge.status, paymentIntentId: charge.paymentIntentId },
      });
    if (charge.status === 'failed')
      throw new AppError('payment_required', charge.message ?? 'Your card was declined.');
    const payment = await repo.findPaymentByIntent(db, charge.paymentIntentId);
    return {
      status: charge.status,
      payment: payment ? repo.toPayment(payment) : null,
      clientSecret: charge.clientSecret,
      message: null,
    };
  }

  async function customerOrNull(user: PublicUser) {
    return customers.find(user.id);
  }

  return {
    async list(userId: string): Promise<Payment[]> {
      return (await repo.listPayments(db, userId)).map(repo.toPayment);
    },

    async receipt(user: PublicUser, id: string): Promise<Receipt> {
      const receipt = await repo.findReceipt(db, id);
      if (!receipt || (receipt.userId !== user.id && user.role !== 'admin'))
        throw new AppError('not_found', 'Payment not found');
      if (NO_RECEIPT_YET.has(receipt.status))
        throw new AppError(
          'conflict',
          receipt.paymentMethod === 'cash'
            ? 'No receipt yet: the provider has not confirmed this cash payment'
            : 'No receipt yet: this payment is still being processed',
        );
      const refunds = (await payoutsRepo.listRefunds(db, receipt.id)).map(payoutsRepo.toRefund);
      return { ...receipt, refunds, testMode: gateway.mode === 'test' };
    },

    /** The provider who got the cash confirms it: only now is the job paid. */
    async confirmCash(user: PublicUser, id: string): Promise<Payment> {
      const found = await cashOfProvider(user, id);
      return db.transaction(async (tx) => {
        const moved = await repo.movePayment(tx, id, 'awaiting_confirmation', {
          status: 'completed',
        });
        if (!moved) throw notAwaiting();
        await webhookEvents.paymentSucceeded(tx, moved);
        await tellParties(
          tx,
          found,
          'Cash payment confirmed',
          `${found.businessName} confirmed your ${formatUsd(found.payment.amount)} cash payment for ${found.serviceType}. Your receipt is ready.`,
          false,
          true,
        );
        return repo.toPayment(moved);
      });
    },

    /** The provider says the cash never came (or not all of it): an admin settles it. */
    async disputeCash(user: PublicUser, id: string, input: DisputeCashInput): Promise<Payment> {
      const found = await cashOfProvider(user, id);
      return db.transaction(async (tx) => {
        const moved = await repo.movePayment(tx, id, 'awaiting_confirmation', {
          status: 'disputed',
          disputeReason: input.reason,
        });
        if (!moved) throw notAwaiting();
        await tellParties(
          tx,
          found,
          'Cash payment disputed',
          `${found.businessName} says they did not receive your ${formatUsd(found.payment.amount)} cash payment for ${found.serviceType}: ${input.reason}. Our team will look into it.`,
        );
        return repo.toPayment(moved);
      });
    },

    /** Disputed cash payments for the admin console, oldest first. */
    async disputed(): Promise<DisputedPayment[]> {
      return (await repo.listDisputedPayments(db)).map((r) => ({
        ...repo.toPayment(r.payment),
        driverName: r.driverName,
        driverEmail: r.driverEmail,
        serviceType: r.serviceType,
        businessName: r.businessName,
      }));
    },

    /**
     * An admin settles a dispute: the cash was paid (the job is paid) or not (the driver owes it
     * again). `within` runs in the same transaction (the audit row).
     */
    async resolveDispute(
      id: string,
      input: ResolveDisputeInput,
      within: WithinChange<Payment>,
    ): Promise<Payment> {
      const found = await repo.findJobPayment(db, id);
      if (!found) throw new AppError('not_found', 'Payment not found');
      const paid = input.outcome === 'paid';
      return db.transaction(async (tx) => {
        const moved = await repo.movePayment(tx, id, 'disputed', {
          status: paid ? 'completed' : 'failed',
          ...(paid ? {} : { failureMessage: `Cash not received: ${input.reason}` }),
        });
        if (!moved) throw new AppError('conflict', 'This payment is not in dispute');
        const after = repo.toPayment(moved);
        if (paid) await webhookEvents.paymentSucceeded(tx, moved);
        await within(tx, repo.toPayment(found.payment), after);
        await tellParties(
          tx,
          found,
          paid ? 'Cash payment settled: paid' : 'Cash payment settled: not paid',
          paid
            ? `We looked into the ${formatUsd(found.payment.amount)} cash payment for ${found.serviceType} and counted it as paid: ${input.reason}`
            : `We looked into the ${formatUsd(found.payment.amount)} cash payment for ${found.serviceType} and found it was not paid: ${input.reason}. The job can be paid again.`,
          true,
          paid,
        );
        return after;
      });
    },

    /** Pays a completed job (card or cash) or a past-due plan; amounts come from the server. */
    async pay(user: PublicUser, input: CreatePaymentInput): Promise<PaymentResult> {
      if (input.userId && input.userId !== user.id)
        throw new AppError('forbidden', 'You can only pay for yourself');
      if (input.bookingId) return payBooking(user, input);
      return oneAtATime(input.subscriptionId!, () => payPlan(user, input));
    },

    async cards(user: PublicUser): Promise<SavedCard[]> {
      assertPaymentsOn(gateway);
      const customerId = await customerOrNull(user);
      return customerId ? gateway.listCards(customerId) : [];
    },

    async setupIntent(user: PublicUser) {
      assertPaymentsOn(gateway);
      return gateway.createSetupIntent(await customers.ensure(user)).catch(fromGateway);
    },

    async setDefaultCard(user: PublicUser, cardId: string): Promise<SavedCard[]> {
      assertPaymentsOn(gateway);
      const customerId = await customerOrNull(user);
      if (!customerId) throw new AppError('not_found', 'Card not found');
      await gateway.setDefaultCard(customerId, cardId).catch(fromGateway);
      return gateway.listCards(customerId);
    },

    async removeCard(user: PublicUser, cardId: string) {
      assertPaymentsOn(gateway);
      const customerId = await customerOrNull(user);
      if (!customerId) throw new AppError('not_found', 'Card not found');
      await gateway.removeCard(customerId, cardId).catch(fromGateway);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
