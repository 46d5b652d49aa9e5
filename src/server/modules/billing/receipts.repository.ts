import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  payments,
  serviceProviders,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import { toPayment } from './billing.repository.ts';
import { listRefunds, toRefund } from './payouts.repository.ts';

/**
 * Everything a receipt PDF prints, in two queries: the payment with its payer, its job (and the
 * job's business) or its plan, and its refunds.
 */
export async function findReceiptDocument(db: Executor, id: string) {
  const [row] = await db
    .select({
      payment: payments,
      payerName: users.name,
      payerEmail: users.email,
      planType: subscriptions.planType,
      booking: {
        id: bookings.id,
        driverId: bookings.driverId,
        serviceType: bookings.serviceType,
        vehicleDetails: bookings.vehicleDetails,
        location: bookings.location,
        visitFee: bookings.visitFee,
        actualCost: bookings.actualCost,
      },
      provider: {
        ownerId: serviceProviders.userId,
        businessName: serviceProviders.businessName,
        address: serviceProviders.address,
        city: serviceProviders.city,
        state: serviceProviders.state,
        zipCode: serviceProviders.zipCode,
        phone: serviceProviders.phone,
      },
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    // A job's business; for a plan payment, the payer's own business.
    .leftJoin(
      serviceProviders,
      sql`${serviceProviders.id} = coalesce(${bookings.providerId}, (select sp.id from ${serviceProviders} sp where sp.user_id = ${payments.userId} limit 1))`,
    )
    .where(eq(payments.id, id))
    .limit(1);
  if (!row) return null;
  const refunds = (await listRefunds(db, id)).map(toRefund);
  return {
    payment: toPayment(row.payment),
    platformFeeCents: row.payment.platformFeeCents,
    payerName: row.payerName,
    payerEmail: row.payerEmail,
    planType: row.planType,
    booking: row.booking?.id ? row.booking : null,
    provider: row.provider?.businessName ? row.provider : null,
    refunds,
  };
}
