import type { CardBrand } from '../../../core/billing/cards.ts';
import { addMonth, plans, type PlanType } from '../../../core/billing/plans.ts';
import { DEFAULT_REMINDER_DAYS, reminderTypeFor } from '../../../core/billing/reminders.ts';
import type { SubscriptionStatus } from '../../../core/billing/schemas.ts';
import type { Transaction } from '../client.ts';
import type { DemoProvider } from './providers.ts';
import { DAY, slug, type SeedContext } from './random.ts';
import {
  billingCustomers,
  paymentReminders,
  payments,
  subscriptions,
  testGatewayCustomers,
  testGatewayPaymentMethods,
  testGatewayIntents,
  testGatewaySubscriptions,
} from '../schema/index.ts';

interface Subscriber {
  userId: string;
  name: string;
  email: string;
  plan: PlanType;
  /** How many monthly payments lie behind the current period. */
  monthsPaid: number;
  /** Days since the current period started. */
  daysIntoPeriod: number;
  /** The demo shows a plan in good standing and one whose renewal failed. */
  status: Extract<SubscriptionStatus, 'active' | 'past_due'>;
  card: { brand: CardBrand; last4: string; behaviour: string };
}

/**
 * The demo's plans, kept in the test gateway's books as if paid through it (docs/billing.md):
 * the demo mechanic on Premium with three months of history and a renewal days away, a few
 * providers on Basic, one past due after a declined renewal.
 */
export async function seedBilling(tx: Transaction, subscribers: Subscriber[], now: number) {
  for (const [i, s] of subscribers.entries()) {
    const tag = `demo${String(i).padStart(2, '0')}${s.userId.replace(/-/g, '').slice(0, 16)}`;
    const customerId = `cus_test_${tag}`;
    const cardId = `pm_test_${tag}`;
    const gatewaySubId = `sub_test_${tag}`;
    const price = plans[s.plan].priceCents;
    const periodStart = new Date(now - s.daysIntoPeriod * DAY);
    const periodEnd = addMonth(periodStart);
    const firstStart = addMonth(periodStart, -(s.monthsPaid - 1));

    await tx.insert(testGatewayCustomers).values({
      id: customerId,
      email: s.email,
      name: s.name,
      userId: s.userId,
      defaultPaymentMethodId: cardId,
      createdAt: firstStart,
    });
    await tx.insert(testGatewayPaymentMethods).values({
      id: cardId,
      customerId,
      brand: s.card.brand,
      last4: s.card.last4,
      expMonth: 12,
      expYear: new Date(now).getUTCFullYear() + 3,
      behaviour: s.card.behaviour,
      createdAt: firstStart,
    });
    await tx.insert(billingCustomers).values({ userId: s.userId, gateway: 'test', customerId });

    const [local] = await tx
      .insert(subscriptions)
      .values({
        userId: s.userId,
        planType: s.plan,
        status: s.status,
        startDate: firstStart,
        endDate: periodEnd,
        price: price / 100,
        stripeCustomerId: customerId,
        stripeSubscriptionId: gatewaySubId,
        createdAt: firstStart,
      })
      .returning();
    const openInvoiceId = s.status === 'past_due' ? `in_test_${tag}open` : null;
    await tx.insert(testGatewaySubscriptions).values({
      id: gatewaySubId,
      customerId,
      planType: s.plan,
      status: s.status,
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
      defaultPaymentMethodId: cardId,
      localId: local!.id,
      failedAttempts: s.status === 'past_due' ? 1 : 0,
      nextAttemptAt: s.status === 'past_due' ? new Date(now + DAY) : null,
      openInvoiceId,
      createdAt: firstStart,
    });

    // Paid months, oldest first; a past-due plan's current month failed once.
    for (let m = s.monthsPaid - 1; m >= 0; m--) {
      const start = addMonth(periodStart, -m);
      const failed = m === 0 && s.status === 'past_due';
      const intentId = failed ? `pi_test_${tag}open` : `pi_test_${tag}m${m}`;
      await tx.insert(testGatewayIntents).values({
        id: intentId,
        kind: 'payment',
        clientSecret: `${intentId}_secret_demo`,
        customerId,
        amountCents: price,
        status: failed ? 'requires_payment_method' : 'succeeded',
        paymentMethodId: cardId,
        description: `${plans[s.plan].name} plan`,
        metadata: { localId: local!.id, purpose: 'subscription' },
        subscriptionId: gatewaySubId,
        invoiceId: failed ? openInvoiceId : `in_test_${tag}m${m}`,
        billingReason: m === s.monthsPaid - 1 ? 'subscription_create' : 'subscription_cycle',
        periodStart: start,
        periodEnd: addMonth(start),
        lastError: failed ? 'Your card was declined.' : null,
        createdAt: start,
      });
      await tx.insert(payments).values({
        userId: s.userId,
        subscriptionId: local!.id,
        amount: price / 100,
        paymentMethod: 'card',
        status: failed ? 'failed' : 'completed',
        stripePaymentIntentId: failed ? null : intentId,
        description: `${plans[s.plan].name} plan — ${
          m === s.monthsPaid - 1 ? 'first month' : failed ? 'renewal attempt 1' : 'monthly renewal'
        }`,
        cardBrand: s.card.brand,
        cardLast4: s.card.last4,
        periodStart: start,
        periodEnd: addMonth(start),
        failureMessage: failed ? 'Your card was declined.' : null,
        createdAt: start,
        updatedAt: start,
      });
    }

    if (s.status === 'active') {
      await tx.insert(paymentReminders).values(
        DEFAULT_REMINDER_DAYS.map((daysBefore) => {
          const reminderDate = new Date(periodEnd.getTime() - daysBefore * DAY);
          const sent = reminderDate.getTime() <= now;
          return {
            userId: s.userId,
            subscriptionId: local!.id,
            dueDate: periodEnd,
            reminderDate,
            reminderType: reminderTypeFor(daysBefore),
            amount: price / 100,
            planType: s.plan,
            customerName: s.name,
            daysBefore,
            status: sent ? ('sent' as const) : ('pending' as const),
            sentAt: sent ? reminderDate : null,
          };
        }),
      );
    }
  }
}

/**
 * Who pays what in the demo: the demo mechanic on Premium, four businesses on Basic, one past
 * due after a declined renewal.
 */
export async function seedDemoPlans(
  { tx, now }: SeedContext,
  mechanic: { id: string; name: string; email: string },
  providers: DemoProvider[],
) {
  const visa: Subscriber['card'] = { brand: 'visa', last4: '4242', behaviour: 'succeeds' };
  const basic = providers.slice(1, 5).map((p, i) => ({ p, daysIntoPeriod: 3 + i * 6 }));
  const pastDue = providers[5]!;
  await seedBilling(
    tx,
    [
      {
        userId: mechanic.id,
        name: mechanic.name,
        email: mechanic.email,
        plan: 'premium',
        monthsPaid: 3,
        daysIntoPeriod: 25,
        status: 'active',
        card: visa,
      },
      ...basic.map(({ p, daysIntoPeriod }) => ({
        userId: p.userId,
        name: `${p.businessName} Dispatch`,
        email: `owner@${slug(p.businessName)}.truckfinder.test`,
        plan: 'basic' as const,
        monthsPaid: 2,
        daysIntoPeriod,
        status: 'active' as const,
        card: { brand: 'mastercard' as const, last4: '4444', behaviour: 'succeeds' },
      })),
      {
        userId: pastDue.userId,
        name: `${pastDue.businessName} Dispatch`,
        email: `owner@${slug(pastDue.businessName)}.truckfinder.test`,
        plan: 'premium',
        monthsPaid: 2,
        daysIntoPeriod: 1,
        status: 'past_due',
        // Stripe's 4000 0000 0000 0341: saved fine, every charge declined.
        card: { brand: 'visa', last4: '0341', behaviour: 'attach_then_decline' },
      },
    ],
    now,
  );
}
