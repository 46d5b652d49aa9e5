import { randomUUID } from 'node:crypto';
import { AppError } from '../../../core/errors.ts';
import { formatUsd, fromCents, toCents } from '../../../core/money.ts';
import type {
  CreatePaymentInput,
  Payment,
  PaymentResult,
  Receipt,
  SavedCard,
} from '../../../core/billing/schemas.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import * as repo from './billing.repository.ts';
import { notifyBilling } from './billing-notices.ts';
import { keyedLock, type CustomerFinder } from './customers.ts';
import type { ChargeResult, PaymentGateway } from './gateway/gateway.ts';
import { assertPaymentsOn } from './payments-mode.ts';
import { fromGateway } from './subscriptions.service.ts';

const ALREADY_PAID = 'This job is already paid';

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

  /** The payment row for what the gateway answered, and the answer for the page. */
  async function recordCharge(row: repo.NewPayment, charge: ChargeResult): Promise<PaymentResult> {
    const stored = await repo.upsertPaymentByIntent(db, {
      ...row,
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
    if (charge.status === 'failed')
      throw new AppError('payment_required', charge.message ?? 'Your card was declined.');
    return {
      status: charge.status,
      payment: repo.toPayment(stored),
      clientSecret: charge.clientSecret,
      message: charge.message,
    };
  }

  async function payBooking(user: PublicUser, input: CreatePaymentInput): Promise<PaymentResult> {
    const booking = await repo.findBookingToPay(db, input.bookingId!);
    if (!booking || booking.driverId !== user.id)
      throw new AppError('not_found', 'Booking not found');
    if (booking.status !== 'completed')
      throw new AppError('conflict', 'Only a completed job can be paid');
    if (booking.payment?.status === 'completed') throw new AppError('conflict', ALREADY_PAID);
    const amountCents = toCents(booking.actualCost ?? booking.estimatedCost ?? 0);
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
      status: 'completed',
      description,
    };
    if (input.paymentMethod === 'ach')
      throw new AppError(
        'bad_request',
        'ACH bank payments are not available: pay by card or record cash',
      );
    if (input.paymentMethod === 'cash') {
      try {
        const stored = await db.transaction(async (tx) => {
          const payment = await repo.insertPayment(tx, {
            ...row,
            description: `${description} (cash)`,
          });
          await notifyBilling(
            tx,
            events,
            booking.providerOwnerId,
            'Cash payment recorded',
            `${user.name} paid ${formatUsd(fromCents(amountCents))} in cash for ${booking.serviceType}.`,
          );
          await events.publish(
            tx,
            { userIds: [user.id, booking.providerOwnerId] },
            { type: 'booking', data: { id: booking.id, status: booking.status } },
          );
          return payment;
        });
        return {
          status: 'succeeded',
          payment: repo.toPayment(stored),
          clientSecret: null,
          message: null,
        };
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', ALREADY_PAID);
        throw error;
      }
    }
    assertPaymentsOn(gateway);
    if (amountCents < 50)
      throw new AppError('bad_request', 'Amounts under $0.50 cannot be paid by card');
    const customerId = await customers.ensure(user);
    const cardId = input.paymentMethodId ?? (await defaultCardId(customerId));
    const charge = await gateway
      .charge({
        customerId,
        cardId,
        amountCents,
        description,
        metadata: { purpose: 'booking', bookingId: booking.id, userId: user.id },
        idempotencyKey: `booking-${booking.id}-${randomUUID()}`,
      })
      .catch(fromGateway);
    return recordCharge(row, charge);
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
      return { ...receipt, testMode: gateway.mode === 'test' };
    },

    /** Pays a completed job (card or cash) or a past-due plan; amounts come from the server. */
    async pay(user: PublicUser, input: CreatePaymentInput): Promise<PaymentResult> {
      if (input.userId && input.userId !== user.id)
        throw new AppError('forbidden', 'You can only pay for yourself');
      if (input.bookingId) return oneAtATime(input.bookingId, () => payBooking(user, input));
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
