import type { Booking } from '../../../core/bookings/schemas.ts';
import { firstName } from '../../../core/fleet/board.ts';
import type {
  BookingEventData,
  HelpRequestEventData,
  PaymentEventData,
  ReviewEventData,
  WebhookEventDataOf,
} from '../../../core/integrations/webhooks.ts';
import type { WebhookEventType } from '../../../core/integrations/webhook-rules.ts';
import type { Executor } from '../../db/client.ts';
import * as repo from './webhooks.repository.ts';

/**
 * Tells the business's webhooks that something happened, inside the transaction that made it
 * happen: one query finds its enabled endpoints that hear about `type` while its plan has custom
 * integrations; with none, nothing is written. Otherwise the event and a delivery per endpoint
 * are stored, and a sender wakes when the transaction commits (docs/decisions/057-signed-webhooks.md).
 */
export async function emit<T extends WebhookEventType>(
  exec: Executor,
  event: { providerId: string; type: T; data: WebhookEventDataOf<T> },
  now = new Date(),
): Promise<void> {
  const endpoints = await repo.subscribedEndpoints(exec, event.providerId, event.type, now);
  if (endpoints.length === 0) return;
  await repo.queueEvent(exec, event, endpoints, now);
}

export const bookingData = (booking: Booking): BookingEventData => ({
  id: booking.id,
  status: booking.status,
  serviceType: booking.serviceType,
  location: booking.location,
  preferredDate: booking.preferredDate,
  visitFee: booking.visitFee,
  driverFirstName: firstName(booking.driver.name),
  technicianId: booking.technician?.id ?? null,
  createdAt: booking.createdAt,
  updatedAt: booking.updatedAt,
});

/** What a booking's move means to its business: created, completed, or updated. */
export async function emitBooking(
  exec: Executor,
  type: 'booking.created' | 'booking.updated' | 'booking.completed',
  booking: Booking,
) {
  await emit(exec, { providerId: booking.providerId, type, data: bookingData(booking) });
}

/** A help request as its webhooks tell it (the businesses asked, the one that took it). */
export async function emitHelpRequest(
  exec: Executor,
  type: 'help_request.offered' | 'help_request.taken',
  providerIds: string[],
  request: {
    id: string;
    serviceType: string;
    request: unknown;
    emergency: boolean;
    status: string;
    bookingId?: string | null;
  },
) {
  const location = (request.request as { location?: string | null } | null)?.location ?? null;
  const data: HelpRequestEventData = {
    id: request.id,
    serviceType: request.serviceType,
    location: location || null,
    emergency: request.emergency,
    status: request.status,
    bookingId: request.bookingId ?? null,
  };
  for (const providerId of providerIds) await emit(exec, { providerId, type, data });
}

/** A job payment settled (card, or cash its provider confirmed): told to the job's business. */
export async function emitPaymentSucceeded(
  exec: Executor,
  payment: {
    id: string;
    bookingId: string | null;
    amount: number;
    platformFeeCents: number | null;
    paymentMethod: string;
  },
) {
  if (!payment.bookingId) return;
  const providerId = await repo.providerOfBooking(exec, payment.bookingId);
  if (!providerId) return;
  const data: PaymentEventData = {
    id: payment.id,
    bookingId: payment.bookingId,
    amount: Number(payment.amount),
    platformFee: payment.platformFeeCents === null ? null : payment.platformFeeCents / 100,
    method: payment.paymentMethod,
  };
  await emit(exec, { providerId, type: 'payment.succeeded', data });
}

export async function emitReviewCreated(
  exec: Executor,
  review: {
    id: string;
    bookingId: string;
    providerId: string;
    rating: number;
    comment: string | null;
  },
) {
  const data: ReviewEventData = {
    id: review.id,
    bookingId: review.bookingId,
    rating: review.rating,
    comment: review.comment,
  };
  await emit(exec, { providerId: review.providerId, type: 'review.created', data });
}

/** What services that make events are given (app.ts passes it in). */
export const webhookEvents = {
  booking: emitBooking,
  helpRequest: emitHelpRequest,
  paymentSucceeded: emitPaymentSucceeded,
  reviewCreated: emitReviewCreated,
};
export type WebhookEvents = typeof webhookEvents;
