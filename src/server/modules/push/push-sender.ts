import { createHash } from 'node:crypto';
import { pushMessageSchema, type PushMessage } from '../../../core/push.ts';
import type { Database } from '../../db/client.ts';
import { deleteSubscriptionById, markUsed, type PushTarget } from './push.repository.ts';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface SendOptions {
  /** How long the push service keeps the message for a device that is offline. */
  ttlSeconds?: number;
}

/**
 * What happened to one device: `sent` (the push service took it), `gone` (it answered 404 or 410,
 * so the subscription was deleted), or `failed` with the push service's status, when there was
 * one; `retry` says whether sending the same message later may work.
 */
export type PushOutcome =
  | { subscriptionId: string; result: 'sent' }
  | { subscriptionId: string; result: 'gone'; status: 404 | 410 }
  | {
      subscriptionId: string;
      result: 'failed';
      status: number | null;
      retry: boolean;
      retryAfterSeconds?: number;
      error: string;
    };

const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

/**
 * The push service's Topic header (RFC 8030 §5.4): at most 32 base64url characters, so the tag is
 * hashed. A newer message with the same topic replaces one still waiting for the device.
 */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/** web-push, loaded with the first message sent (docs/decisions/064-embedded-database-lean.md). */
const webPush = async () => (await import('web-push')).default;

/**
 * Sends Web Push messages: web-push encrypts them (RFC 8291, aes128gcm) and signs the VAPID JWT
 * (RFC 8292); the request goes out with fetch, which also reaches the http endpoint of a local
 * push service in development and tests (web-push's own sender speaks only https).
 */
export function createPushSender(db: Database, vapid: () => Promise<VapidDetails>) {
  async function send(
    target: PushTarget,
    message: PushMessage,
    options: SendOptions = {},
  ): Promise<PushOutcome> {
    const payload = pushMessageSchema.parse(message);
    const request = (await webPush()).generateRequestDetails(target, JSON.stringify(payload), {
      vapidDetails: await vapid(),
      TTL: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
      urgency: payload.urgent ? 'high' : 'normal',
      topic: topicOf(payload.tag),
      contentEncoding: 'aes128gcm',
    });
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    let response: Response;
    try {
      response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body && new Uint8Array(request.body),
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      return {
        subscriptionId: target.id,
        result: 'failed',
        status: null,
        retry: true,
        error: error instanceof Error ? error.message : String(error),
      };
    }
    const text = await response.text().catch(() => '');
    if (response.ok) {
      await markUsed(db, [target.id]);
      return { subscriptionId: target.id, result: 'sent' };
    }
    if (response.status === 404 || response.status === 410) {
      await deleteSubscriptionById(db, target.id);
      return { subscriptionId: target.id, result: 'gone', status: response.status };
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      subscriptionId: target.id,
      result: 'failed',
      status: response.status,
      retry: response.status === 429 || response.status >= 500,
      ...(retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
      error: text.slice(0, 200) || response.statusText,
    };
  }

  return { send };
}

export type PushSender = ReturnType<typeof createPushSender>;
