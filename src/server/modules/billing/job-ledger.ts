import { FUNDS_AVAILABLE_AFTER_DAYS } from '../../../core/billing/payouts.ts';
import { toCents } from '../../../core/money.ts';
import type { Executor } from '../../db/client.ts';
import type { PaymentRow } from './billing.repository.ts';
import { writeMovement } from './ledger.repository.ts';

const DAY_MS = 86_400_000;

/**
 * The ledger of a card job payment that just completed (docs/billing.md, "Payouts"): the charge,
 * the platform's fee and the provider's share. Keyed by the payment intent, so the charge's
 * answer and its webhook may both call it.
 */
export async function recordJobCharge(
  tx: Executor,
  payment: PaymentRow,
  providerId: string,
  now = new Date(),
) {
  const pi = payment.stripePaymentIntentId;
  if (payment.status !== 'completed' || !pi || !payment.bookingId) return;
  if (payment.platformFeeCents == null || !payment.destinationAccountId) return;
  const total = toCents(payment.amount);
  const fee = payment.platformFeeCents;
  const common = {
    paymentId: payment.id,
    bookingId: payment.bookingId,
    providerId,
    gatewayRef: pi,
  };
  await writeMovement(tx, {
    ...common,
    key: `charge:${pi}`,
    kind: 'charge',
    from: 'driver',
    to: 'platform',
    cents: total,
  });
  await writeMovement(tx, {
    ...common,
    key: `fee:${pi}`,
    kind: 'platform_fee',
    from: 'platform',
    to: 'platform_revenue',
    cents: fee,
  });
  await writeMovement(tx, {
    ...common,
    key: `transfer:${pi}`,
    kind: 'transfer',
    from: 'platform',
    to: 'provider',
    cents: total - fee,
    availableOn: new Date(now.getTime() + FUNDS_AVAILABLE_AFTER_DAYS * DAY_MS),
  });
}
