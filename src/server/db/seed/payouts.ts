import { and, desc, eq } from 'drizzle-orm';
import { FUNDS_AVAILABLE_AFTER_DAYS, jobSplit } from '../../../core/billing/payouts.ts';
import { toCents } from '../../../core/money.ts';
import { recordJobCharge } from '../../modules/billing/index.ts';
import {
  bookings,
  payments,
  payoutAccounts,
  testGatewayAccounts,
  testGatewayBalanceTransactions,
  testGatewayIntents,
} from '../schema/index.ts';
import type { DemoProvider } from './providers.ts';
import { DAY, type SeedContext } from './random.ts';

/**
 * The demo mechanic gets paid by card (docs/billing.md, "Payouts"): a payout account on the test
 * gateway, onboarded with Stripe's test bank details, and their latest finished job paid by card
 * yesterday, so its share shows as pending and becomes available a day later.
 */
export async function seedDemoPayouts(
  { tx, now }: SeedContext,
  mechanic: { id: string; email: string },
  provider: DemoProvider,
) {
  const hex = provider.id.replace(/-/g, '');
  const accountId = `acct_test_${hex.slice(0, 24)}`;
  await tx.insert(testGatewayAccounts).values({
    id: accountId,
    email: mechanic.email,
    businessName: provider.businessName,
    metadata: { providerId: provider.id, userId: mechanic.id },
    detailsSubmitted: true,
    chargesEnabled: true,
    payoutsEnabled: true,
    currentlyDue: [],
    individual: {
      firstName: 'Mike',
      lastName: 'Rodriguez',
      dob: '1980-01-01',
      idNumberLast4: '0000',
    },
    bankRouting: '110000000',
    bankLast4: '6789',
    bankBehaviour: 'succeeds',
    createdAt: new Date(now - 30 * DAY),
  });
  await tx.insert(payoutAccounts).values({
    providerId: provider.id,
    gateway: 'test',
    accountId,
    status: 'payouts_enabled',
    requirements: [],
    detailsSubmitted: true,
    chargesEnabled: true,
    payoutsEnabled: true,
    bankLast4: '6789',
  });

  const [job] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.providerId, provider.id), eq(bookings.status, 'completed')))
    .orderBy(desc(bookings.updatedAt))
    .limit(1);
  if (!job) return;
  const split = jobSplit(toCents(job.actualCost ?? job.visitFee ?? 0));
  const paidAt = new Date(now - DAY);
  const intentId = `pi_test_demo${hex.slice(0, 20)}`;
  const [payment] = await tx
    .insert(payments)
    .values({
      userId: job.driverId,
      bookingId: job.id,
      amount: split.totalCents / 100,
      paymentMethod: 'card',
      status: 'completed',
      stripePaymentIntentId: intentId,
      description: `${job.serviceType} — ${provider.businessName}`,
      cardBrand: 'visa',
      cardLast4: '4242',
      platformFeeCents: split.platformFeeCents,
      destinationAccountId: accountId,
      metadata: { attempt: 1 },
      createdAt: paidAt,
      updatedAt: paidAt,
    })
    .returning();
  await tx.insert(testGatewayIntents).values({
    id: intentId,
    kind: 'payment',
    clientSecret: `${intentId}_secret_demo`,
    amountCents: split.totalCents,
    status: 'succeeded',
    description: payment!.description,
    metadata: {
      purpose: 'booking',
      bookingId: job.id,
      userId: job.driverId,
      paymentId: payment!.id,
    },
    applicationFeeCents: split.platformFeeCents,
    destinationAccountId: accountId,
    createdAt: paidAt,
  });
  await tx.insert(testGatewayBalanceTransactions).values({
    id: `txn_test_demo${hex.slice(0, 20)}`,
    accountId,
    type: 'payment',
    amountCents: split.providerCents,
    availableOn: new Date(paidAt.getTime() + FUNDS_AVAILABLE_AFTER_DAYS * DAY),
    sourceId: intentId,
    createdAt: paidAt,
  });
  await recordJobCharge(tx, payment!, provider.id, paidAt);
}
