import { AppError } from '../../../core/errors.ts';
import type {
  CreateWebhookInput,
  UpdateWebhookInput,
  WebhookDeliveriesQuery,
  WebhookDeliveryPage,
  WebhookEndpoint,
} from '../../../core/integrations/webhooks.ts';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_TEST_EVENT,
} from '../../../core/integrations/webhook-rules.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database, Executor } from '../../db/client.ts';
import { requireFeature, type BusinessAccess } from '../team/index.ts';
import { refusalOfUrl } from './address-guard.ts';
import { newWebhookSecret } from './signing.ts';
import * as repo from './webhooks.repository.ts';

const NOT_FOUND = 'Webhook endpoint not found';
export const ONLY_OWNER = 'Only the business owner manages webhooks';

/** A queued delivery the caller can follow in the log. */
export interface QueuedDelivery {
  eventId: string;
  deliveryId: string;
}

/**
 * A business's webhook endpoints (docs/api.md, "Webhooks"): its owner, on a plan with custom
 * integrations, registers, changes and removes them, sends test events and reads the log.
 */
export function createWebhooksService(
  db: Database,
  access: Pick<BusinessAccess, 'requireSide'>,
  options: { publicServer: boolean },
) {
  async function business(exec: Executor, user: PublicUser) {
    const side = await access.requireSide(exec, user);
    if (side.role !== 'owner') throw new AppError('forbidden', ONLY_OWNER);
    requireFeature(side, 'customIntegrations');
    return side.providerId;
  }

  async function endpointOf(exec: Executor, user: PublicUser, id: string) {
    const providerId = await business(exec, user);
    const endpoint = await repo.findEndpoint(exec, providerId, id);
    if (!endpoint) throw new AppError('not_found', NOT_FOUND);
    return endpoint;
  }

  function checkUrl(url: string) {
    const refusal = refusalOfUrl(url, options.publicServer);
    if (refusal) throw new AppError('bad_request', refusal, { url: refusal });
  }

  const turnedOff = () => new AppError('conflict', 'This endpoint is turned off: turn it on first');

  return {
    async list(user: PublicUser): Promise<WebhookEndpoint[]> {
      return repo.listEndpoints(db, await business(db, user));
    },

    /** Registers an endpoint; its secret is in this answer only. */
    async create(user: PublicUser, input: CreateWebhookInput) {
      checkUrl(input.url);
      return db.transaction(async (tx) => {
        const providerId = await business(tx, user);
        await repo.lockBusiness(tx, providerId);
        if ((await repo.countEndpoints(tx, providerId)) >= MAX_WEBHOOK_ENDPOINTS)
          throw new AppError(
            'conflict',
            `A business has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: remove one first`,
          );
        const secret = newWebhookSecret();
        const id = await repo.insertEndpoint(tx, {
          providerId,
          url: input.url,
          events: input.events,
          secret,
        });
        return { id, secret };
      });
    },

    /**
     * Turns an endpoint on (a fresh start: its failures are forgotten) or off (what waits is not
     * sent), or changes its events.
     */
    async update(
      user: PublicUser,
      id: string,
      input: UpdateWebhookInput,
    ): Promise<WebhookEndpoint> {
      return db.transaction(async (tx) => {
        const endpoint = await endpointOf(tx, user, id);
        if (input.enabled === false && endpoint.status === 'enabled')
          await repo.failPendingOf(tx, id, 'Not sent: the endpoint was turned off');
        const updated = await repo.updateEndpoint(tx, id, {
          ...(input.events ? { events: input.events } : {}),
          ...(input.enabled === true && endpoint.status !== 'enabled'
            ? { status: 'enabled', disabledReason: null, failingSince: null }
            : {}),
          ...(input.enabled === false && endpoint.status !== 'disabled'
            ? { status: 'disabled', disabledReason: 'Turned off by the owner' }
            : {}),
        });
        return repo.toEndpoint(updated);
      });
    },

    async remove(user: PublicUser, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await endpointOf(tx, user, id);
        await repo.deleteEndpoint(tx, id);
      });
    },

    /** Queues a `test.ping` event to this endpoint only; a sender wakes on commit. */
    async sendTest(user: PublicUser, id: string, now = new Date()): Promise<QueuedDelivery> {
      return db.transaction(async (tx) => {
        const endpoint = await endpointOf(tx, user, id);
        if (endpoint.status !== 'enabled') throw turnedOff();
        const { eventId, deliveryIds } = await repo.queueEvent(
          tx,
          {
            providerId: endpoint.providerId,
            type: WEBHOOK_TEST_EVENT,
            data: { message: 'A test event from Truck Finder' },
          },
          [endpoint.id],
          now,
        );
        return { eventId, deliveryId: deliveryIds[0]! };
      });
    },

    async deliveries(
      user: PublicUser,
      id: string,
      query: WebhookDeliveriesQuery,
    ): Promise<WebhookDeliveryPage> {
      const endpoint = await endpointOf(db, user, id);
      return repo.listDeliveries(db, endpoint.id, query.page, query.pageSize);
    },

    /** Sends a delivery again at once, with the same event id. */
    async resend(
      user: PublicUser,
      id: string,
      deliveryId: string,
      now = new Date(),
    ): Promise<QueuedDelivery> {
      return db.transaction(async (tx) => {
        const endpoint = await endpointOf(tx, user, id);
        const delivery = await repo.findDelivery(tx, endpoint.id, deliveryId);
        if (!delivery) throw new AppError('not_found', 'Delivery not found');
        if (endpoint.status !== 'enabled') throw turnedOff();
        await repo.requeueDelivery(tx, delivery.id, now);
        return { eventId: delivery.eventId, deliveryId: delivery.id };
      });
    },

    /**
     * A new secret, shown once; the old one keeps signing beside it for the overlap, so receivers
     * can switch without losing a delivery.
     */
    async rotateSecret(user: PublicUser, id: string, now = new Date()) {
      return db.transaction(async (tx) => {
        const endpoint = await endpointOf(tx, user, id);
        const secret = newWebhookSecret();
        await repo.updateEndpoint(tx, id, {
          secret,
          previousSecret: endpoint.secret,
          previousSecretExpiresAt: new Date(
            now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 60 * 60_000,
          ),
        });
        return { id, secret };
      });
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
