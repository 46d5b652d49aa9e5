import { sql } from 'drizzle-orm';
import { index, jsonb, pgEnum, pgTable, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import {
  deliveryChannels,
  deliveryStatuses,
  type DeliveryPayload,
} from '../../../core/delivery-channels.ts';
import { createdAt, timestampTz, userRef } from './columns.ts';

export const deliveryChannel = pgEnum('delivery_channel', deliveryChannels);
export const deliveryStatus = pgEnum('delivery_status', deliveryStatuses);

/**
 * Messages waiting for, or done with, a channel outside the app (docs/decisions/045): queued in
 * the transaction of the change they report, sent by the dispatcher. One row per event, channel
 * and user, so an event queued twice is sent once.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userRef(),
    channel: deliveryChannel().notNull(),
    /** What happened, e.g. the notification's id. */
    eventKey: text().notNull(),
    /** What goes out: the push message, the email's subject and text, or the text message. */
    payload: jsonb().$type<DeliveryPayload>().notNull(),
    status: deliveryStatus().notNull().default('queued'),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: timestampTz().notNull().defaultNow(),
    lastError: text(),
    createdAt: createdAt(),
    sentAt: timestampTz(),
  },
  (t) => [
    unique('deliveries_event_channel_user_key').on(t.eventKey, t.channel, t.userId),
    // The dispatcher's claim: due rows that are still queued.
    index('deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    // The admin log (newest first) and the per-user hourly count.
    index('deliveries_created_idx').on(t.createdAt),
    index('deliveries_user_sent_idx').on(t.userId, t.channel, t.sentAt),
  ],
);
