import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { planFeatures } from '../../../core/billing/plan-features.ts';
import type { WebhookDelivery, WebhookEndpoint } from '../../../core/integrations/webhooks.ts';
import type { WebhookEventType } from '../../../core/integrations/webhook-rules.ts';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  integrationEvents,
  serviceProviders,
  subscriptions,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.ts';

/** The webhook sender listens here; a transaction that queues a delivery notifies it. */
export const WEBHOOKS_CHANNEL = 'truck_finder_webhooks';

const withCustomIntegrations = sql.raw(
  planFeatures.customIntegrations.plans.map((plan) => `'${plan}'`).join(', '),
);

/**
 * Whether the business's owner is on a plan with custom integrations now (billing's rule: the
 * newest running, retried or cancelled plan until its end date).
 */
const hasCustomIntegrations = (now: Date) =>
  sql`(select ${subscriptions.planType} from ${subscriptions}
    where ${subscriptions.userId} = ${serviceProviders.userId}
      and ${subscriptions.status} in ('active', 'past_due', 'cancelled')
      and ${subscriptions.endDate} > ${now.toISOString()}::timestamptz
    order by ${subscriptions.createdAt} desc limit 1) in (${withCustomIntegrations})`;

/**
 * The business's enabled endpoints that hear about `type`, while its plan still has custom
 * integrations: one query on the provider index.
 */
export async function subscribedEndpoints(
  db: Executor,
  providerId: string,
  type: WebhookEventType,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .innerJoin(serviceProviders, eq(serviceProviders.id, webhookEndpoints.providerId))
    .where(
      and(
        eq(webhookEndpoints.providerId, providerId),
        eq(webhookEndpoints.status, 'enabled'),
        sql`${type} = any(${webhookEndpoints.events})`,
        hasCustomIntegrations(now),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Stores an event and one pending delivery per endpoint, and wakes a sender when the caller's
 * transaction commits. Answers the event's id.
 */
export async function queueEvent(
  db: Executor,
  event: { providerId: string; type: string; data: unknown },
  endpointIds: string[],
  now: Date,
): Promise<{ eventId: string; deliveryIds: string[] }> {
  const [stored] = await db
    .insert(integrationEvents)
    .values({ ...event, createdAt: now })
    .returning({ id: integrationEvents.id });
  const eventId = stored!.id;
  const deliveries = await db
    .insert(webhookDeliveries)
    .values(
      endpointIds.map((endpointId) => ({
        endpointId,
        eventId,
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  await notifySender(db);
  return { eventId, deliveryIds: deliveries.map((row) => row.id) };
}

export async function notifySender(db: Executor) {
  await db.execute(sql`select pg_notify(${WEBHOOKS_CHANNEL}, '')`);
}

/** The business that holds a booking (a payment's event goes to it). */
export async function providerOfBooking(db: Executor, bookingId: string): Promise<string | null> {
  const [row] = await db
    .select({ providerId: bookings.providerId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row?.providerId ?? null;
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;

export function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEndpoint['events'],
    status: row.status as WebhookEndpoint['status'],
    disabledReason: row.disabledReason,
    previousSecretExpiresAt: row.previousSecretExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listEndpoints(db: Executor, providerId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.providerId, providerId))
    .orderBy(webhookEndpoints.createdAt);
  return rows.map(toEndpoint);
}

export async function countEndpoints(db: Executor, providerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.providerId, providerId));
  return row?.n ?? 0;
}

/** Serializes endpoint registrations of one business (the limit counts them). */
export async function lockBusiness(db: Executor, providerId: string) {
  await db
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId))
    .for('update');
}

/** An endpoint of the business, or null (another business's id answers as missing). */
export async function findEndpoint(
  db: Executor,
  providerId: string,
  id: string,
): Promise<EndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.providerId, providerId)))
    .limit(1);
  return row ?? null;
}

export async function insertEndpoint(
  db: Executor,
  values: { providerId: string; url: string; events: string[]; secret: string },
): Promise<string> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values(values)
    .returning({ id: webhookEndpoints.id });
  return row!.id;
}

export async function updateEndpoint(
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      EndpointRow,
      | 'events'
      | 'status'
      | 'disabledReason'
      | 'failingSince'
      | 'secret'
      | 'previousSecret'
      | 'previousSecretExpiresAt'
    >
  >,
): Promise<EndpointRow> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row!;
}

export async function deleteEndpoint(db: Executor, id: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** A turned-off endpoint sends nothing more: what still waited is given up, with the reason. */
export async function failPendingOf(db: Executor, endpointId: string, reason: string) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, responseBody: reason })
    .where(
      and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')),
    );
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: integrationEvents.type,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  responseStatus: webhookDeliveries.responseStatus,
  responseBody: webhookDeliveries.responseBody,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
  createdAt: webhookDeliveries.createdAt,
};

type DeliveryRow = {
  [K in keyof typeof deliveryColumns]: (typeof deliveryColumns)[K]['_']['data'] | null;
};

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id!,
  eventId: row.eventId!,
  eventType: row.eventType!,
  status: row.status as WebhookDelivery['status'],
  attempts: row.attempts!,
  responseStatus: row.responseStatus,
  responseBody: row.responseBody,
  // A delivery that ended has no next attempt, whatever a claim left behind.
  nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  createdAt: row.createdAt!.toISOString(),
});

/** An endpoint's delivery log, newest first. */
export async function listDeliveries(
  db: Executor,
  endpointId: string,
  page: number,
  pageSize: number,
): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [total]] = await Promise.all([
    db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(integrationEvents, eq(integrationEvents.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { deliveries: rows.map(toDelivery), total: total?.n ?? 0 };
}

export async function findDelivery(
  db: Executor,
  endpointId: string,
  id: string,
): Promise<WebhookDelivery | null> {
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(integrationEvents, eq(integrationEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
    .limit(1);
  return row ? toDelivery(row) : null;
}

/** Sends a delivery once more, at once, with the same event id (Resend). */
export async function requeueDelivery(db: Executor, id: string, now: Date) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: now })
    .where(eq(webhookDeliveries.id, id));
  await notifySender(db);
}

/** What a sender needs to make one request. */
export interface ClaimedDelivery {
  id: string;
  attempts: number;
  endpointId: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  failingSince: Date | null;
  ownerId: string;
  eventId: string;
  type: string;
  data: unknown;
  eventCreatedAt: Date;
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints: `FOR UPDATE SKIP LOCKED`, so senders
 * claiming at once take different rows, and the claim moves `next_attempt_at` past the lease in
 * the same statement, so nobody claims them again while they are sent (a sender that dies frees
 * them when the lease ends).
 */
export async function claimDue(
  db: Executor,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, now),
        eq(webhookEndpoints.status, 'enabled'),
      ),
    )
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(limit)
    .for('update', { of: webhookDeliveries, skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(webhookDeliveries.id, due))
    .returning({ id: webhookDeliveries.id });
  if (claimed.length === 0) return [];
  return db
    .select({
      id: webhookDeliveries.id,
      attempts: webhookDeliveries.attempts,
      endpointId: webhookEndpoints.id,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
      failingSince: webhookEndpoints.failingSince,
      ownerId: serviceProviders.userId,
      eventId: integrationEvents.id,
      type: integrationEvents.type,
      data: integrationEvents.data,
      eventCreatedAt: integrationEvents.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(serviceProviders, eq(serviceProviders.id, webhookEndpoints.providerId))
    .innerJoin(integrationEvents, eq(integrationEvents.id, webhookDeliveries.eventId))
    .where(
      inArray(
        webhookDeliveries.id,
        claimed.map((row) => row.id),
      ),
    );
}

export interface Answer {
  status: number | null;
  body: string;
}

/** A 2xx: the delivery is done for good, and the endpoint is healthy again. */
export async function markSucceeded(
  db: Executor,
  row: ClaimedDelivery,
  answer: Answer,
  now: Date,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: 'succeeded',
      attempts: row.attempts + 1,
      responseStatus: answer.status,
      responseBody: answer.body,
      deliveredAt: now,
      nextAttemptAt: null,
    })
    .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.status, 'pending')));
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(eq(webhookEndpoints.id, row.endpointId));
}

/** A failed attempt: tried again at `nextAttemptAt`, or given up (null). */
export async function markFailed(
  db: Executor,
  row: ClaimedDelivery,
  answer: Answer,
  nextAttemptAt: Date | null,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: nextAttemptAt ? 'pending' : 'failed',
      attempts: row.attempts + 1,
      responseStatus: answer.status,
      responseBody: answer.body,
      nextAttemptAt,
    })
    .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.status, 'pending')));
}

/**
 * Records that the endpoint failed now: answers since when it has been failing (this failure when
 * it succeeded last).
 */
export async function markEndpointFailing(
  db: Executor,
  endpointId: string,
  now: Date,
): Promise<Date> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return row?.failingSince ?? now;
}

/** Turns an enabled endpoint off; answers whether this call did (so its owner is told once). */
export async function disableEndpoint(
  db: Executor,
  endpointId: string,
  reason: string,
): Promise<{ url: string } | null> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.status, 'enabled')))
    .returning({ url: webhookEndpoints.url });
  return row ?? null;
}
