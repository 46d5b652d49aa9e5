import { generateKeyPairSync } from 'node:crypto';
import { AppError } from '../../../core/errors.ts';
import type { PushMessage, PushSubscription, PushSubscriptionInput } from '../../../core/push.ts';
import type { Database } from '../../db/client.ts';
import { isLoopbackHost } from '../../public-address.ts';
import * as repo from './push.repository.ts';
import { createPushSender, type PushOutcome, type SendOptions } from './push-sender.ts';

/** Devices one user may have subscribed; a new one beyond this drops the least recently used. */
export const MAX_DEVICES_PER_USER = 20;
const USER_AGENT_MAX = 300;
const HTTPS_ONLY = 'endpoint must be an https address';
const UNKNOWN_SERVICE = "endpoint must be a browser's push service";

/**
 * The push services of the browsers (Chrome and Android, Firefox, Safari, Edge). A server others
 * reach sends only to them, so a subscription cannot make it post to an address of someone's
 * choosing (an internal host, another site).
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '.notify.windows.com',
];
const isPushService = (host: string) =>
  PUSH_SERVICE_HOSTS.some((known) =>
    known.startsWith('.') ? host.endsWith(known) : host === known,
  );
const NOT_FOUND = 'No push subscription with this endpoint on your account';

export interface PushOptions {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; otherwise a pair kept in the database. */
  keys: { publicKey: string; privateKey: string } | undefined;
  subject: string;
  /**
   * A server others reach accepts only the browsers' push services (https); a local one any https
   * endpoint and loopback http ones (a local push service in development and tests).
   */
  publicServer: boolean;
}

/**
 * A new P-256 key pair in web-push's form (base64url: the uncompressed public point, the private
 * scalar), made with node:crypto so that web-push is loaded only to send.
 */
function newVapidKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x, y } = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.of(4),
    Buffer.from(x!, 'base64url'),
    Buffer.from(y!, 'base64url'),
  ]);
  return {
    publicKey: point.toString('base64url'),
    privateKey: privateKey.export({ format: 'jwk' }).d!,
  };
}

/**
 * Push subscriptions and sending (docs/decisions/044-web-push.md). The key pair is settled when
 * the server starts, so every server on one database signs with the same key.
 */
export async function createPushService(db: Database, options: PushOptions) {
  const keys = options.keys ?? (await repo.keepVapidKeys(db, newVapidKeys()));
  const vapid = { subject: options.subject, ...keys };
  const sender = createPushSender(db, async () => vapid);

  function assertEndpointAllowed(endpoint: string) {
    const url = new URL(endpoint);
    if (!options.publicServer && (url.protocol === 'https:' || isLoopbackHost(url.hostname)))
      return;
    if (url.protocol !== 'https:')
      throw new AppError('bad_request', HTTPS_ONLY, { endpoint: HTTPS_ONLY });
    if (!isPushService(url.hostname))
      throw new AppError('bad_request', UNKNOWN_SERVICE, { endpoint: UNKNOWN_SERVICE });
  }

  return {
    publicKey: (): string => vapid.publicKey,

    async subscribe(
      user: { id: string; sessionId: string },
      input: PushSubscriptionInput,
      userAgent: string | undefined,
    ): Promise<{ subscription: PushSubscription; created: boolean }> {
      assertEndpointAllowed(input.endpoint);
      const agent = userAgent?.trim().slice(0, USER_AGENT_MAX) || null;
      return db.transaction(async (tx) => {
        const saved = await repo.saveSubscription(tx, {
          userId: user.id,
          sessionId: user.sessionId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          userAgent: agent,
        });
        await repo.trimSubscriptions(tx, user.id, MAX_DEVICES_PER_USER);
        return saved;
      });
    },

    /** Only the caller's own device: anyone else's endpoint is not found, as with other ids. */
    async unsubscribe(userId: string, endpoint: string): Promise<void> {
      if (!(await repo.deleteOwnSubscription(db, userId, endpoint)))
        throw new AppError('not_found', NOT_FOUND, { endpoint: NOT_FOUND });
    },

    send: sender.send,

    /** Sends to every device of the user at once; answers what happened on each. */
    async pushToUser(
      userId: string,
      message: PushMessage,
      sendOptions?: SendOptions,
    ): Promise<PushOutcome[]> {
      const targets = await repo.listTargets(db, userId);
      return Promise.all(targets.map((target) => sender.send(target, message, sendOptions)));
    },
  };
}

export type PushService = Awaited<ReturnType<typeof createPushService>>;
