import type { FastifyBaseLogger } from 'fastify';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  WEBHOOK_DISABLE_AFTER_HOURS,
  WEBHOOK_RETRY_HOURS,
  WEBHOOK_SIGNATURE_HEADER,
} from '../../../core/integrations/webhook-rules.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createWokenDrain } from '../../jobs/woken-drain.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { queueDeliveries } from '../deliveries/index.ts';
import { insertNotifications } from '../notifications/index.ts';
import { checkedTarget, type Resolve, type Target } from './address-guard.ts';
import { signatureHeader } from './signing.ts';
import * as repo from './webhooks.repository.ts';

const HOUR = 60 * 60_000;
/** Waits before each retry: 1 m, 5 m, 30 m, 2 h, 5 h, then every 10 h, until the 24 h are up. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * HOUR, 5 * HOUR, 10 * HOUR];
export const retryDelayMs = (attemptsBefore: number) =>
  RETRY_DELAYS_MS[Math.min(attemptsBefore, RETRY_DELAYS_MS.length - 1)]!;
/** The longest a receiver has to answer. */
export const TIMEOUT_MS = 10_000;
/** The part of an answer (or of the error) the delivery log keeps. */
export const ANSWER_CHARS = 1000;
const BATCH = 10;
/** A claimed row is due again after this if its sender died while sending it. */
const LEASE_MS = 2 * 60_000;
export const SWEEP_INTERVAL_MS = 15_000;
export const USER_AGENT = 'TruckFinder-Webhooks/1.0';

export interface SenderOptions {
  /** A public server connects only to public addresses, checked after DNS (address-guard.ts). */
  publicServer: boolean;
  log: FastifyBaseLogger;
  /** How host names resolve (tests give their own). */
  resolve?: Resolve;
  timeoutMs?: number;
}

const failureText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, ANSWER_CHARS);

/** A `lookup` that answers the checked address whatever name is asked, in both of Node's forms. */
const pinnedLookup =
  (target: Target): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };

/**
 * One POST, no redirect followed, at most `timeoutMs`; answers the status and the first
 * characters of the body.
 */
function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  target: Target | null,
  timeoutMs: number,
): Promise<repo.Answer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body).toString() },
        signal: AbortSignal.timeout(timeoutMs),
        agent: false,
        ...(target ? { lookup: pinnedLookup(target) } : {}),
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < ANSWER_CHARS) text += chunk;
          if (text.length >= ANSWER_CHARS) response.destroy();
        });
        const done = () =>
          resolve({ status: response.statusCode ?? null, body: text.slice(0, ANSWER_CHARS) });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('error', (error) =>
      reject(
        error.name === 'AbortError' ? new Error(`No answer within ${timeoutMs / 1000} s`) : error,
      ),
    );
    request.end(body);
  });
}

/**
 * Sends webhook deliveries (docs/decisions/057-signed-webhooks.md): at once when a transaction
 * that queued one commits (LISTEN), and on the scheduler's sweep for anything missed. Several
 * servers may run one each: the claim gives every row to one of them.
 */
export function createWebhookSender(database: DatabaseHandle, options: SenderOptions) {
  const db = database.db;
  const { log } = options;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;

  /** Where to connect, or why not: a public server checks every address of the host first. */
  async function targetOf(url: URL): Promise<{ target: Target | null } | { refusal: string }> {
    if (!options.publicServer) return { target: null };
    if (url.protocol !== 'https:')
      return { refusal: 'Refused: a public server sends to https:// URLs only' };
    return checkedTarget(url.hostname, options.resolve);
  }

  async function attempt(
    row: repo.ClaimedDelivery,
    now: Date,
  ): Promise<repo.Answer & { ok: boolean }> {
    const url = new URL(row.url);
    const where = await targetOf(url);
    if ('refusal' in where) return { ok: false, status: null, body: where.refusal };
    const created = Math.floor(row.eventCreatedAt.getTime() / 1000);
    const body = JSON.stringify({ id: row.eventId, type: row.type, created, data: row.data });
    const secrets = [row.secret];
    if (row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now)
      secrets.push(row.previousSecret);
    const timestamp = Math.floor(now.getTime() / 1000);
    try {
      const answer = await post(
        url,
        body,
        {
          'Content-Type': 'application/json',
          'User-Agent': USER_AGENT,
          'Truckfinder-Event-Id': row.eventId,
          [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secrets, timestamp, body),
        },
        where.target,
        timeoutMs,
      );
      const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
      return { ...answer, ok };
    } catch (error) {
      return { ok: false, status: null, body: failureText(error) };
    }
  }

  /** Sends one claimed delivery and records what came of it, the endpoint's health with it. */
  async function deliver(row: repo.ClaimedDelivery, now: Date) {
    const answer = await attempt(row, now);
    await db.transaction(async (tx) => {
      if (answer.ok) return repo.markSucceeded(tx, row, answer, now);
      const deadline = row.eventCreatedAt.getTime() + WEBHOOK_RETRY_HOURS * HOUR;
      const next =
        now.getTime() >= deadline
          ? null
          : new Date(Math.min(now.getTime() + retryDelayMs(row.attempts), deadline));
      await repo.markFailed(tx, row, answer, next);
      const failingSince = await repo.markEndpointFailing(tx, row.endpointId, now);
      if (now.getTime() - failingSince.getTime() < WEBHOOK_DISABLE_AFTER_HOURS * HOUR) return;
      const reason = `Turned off on ${now.toISOString().slice(0, 10)}: every delivery failed for ${WEBHOOK_DISABLE_AFTER_HOURS} hours`;
      const disabled = await repo.disableEndpoint(tx, row.endpointId, reason);
      if (!disabled) return;
      await repo.failPendingOf(tx, row.endpointId, 'Not sent: the endpoint was turned off');
      const [notice] = await insertNotifications(tx, [
        {
          userId: row.ownerId,
          type: 'account_update',
          title: ({ t }) => t('webhookTurnedOff'),
          message: ({ t }) => t('webhookTurnedOffMessage', { url: disabled.url }),
          metadata: { category: 'account' },
        },
      ]);
      // By email too, whatever the owner's email choices: the same event key as the notice's
      // own email, so it goes once (to the confirmed address, as every notification email).
      await queueDeliveries(tx, [
        {
          userId: row.ownerId,
          channel: 'email',
          eventKey: notice!.id,
          payload: { subject: `Truck Finder: ${notice!.title}`, text: notice!.message },
        },
      ]);
    });
  }

  /** Sends every due delivery, batch after batch, until none is left. */
  async function drain(now: Date) {
    for (;;) {
      const batch = await repo.claimDue(db, now, BATCH, LEASE_MS);
      await Promise.all(
        batch.map((row) =>
          deliver(row, now).catch((err: unknown) =>
            log.warn({ err, delivery: row.id }, 'webhook delivery failed to record'),
          ),
        ),
      );
      if (batch.length < BATCH) return;
    }
  }

  const woken = createWokenDrain(database, {
    channel: repo.WEBHOOKS_CHANNEL,
    drain: () => drain(new Date()),
    log,
    what: 'webhook deliveries',
  });

  return {
    start: woken.start,
    stop: woken.stop,
    /** Sends what is due at `now` (tests move the clock with it). */
    deliverDue: (now: Date = new Date()) => drain(now),
    /** The periodic sweep, run through the scheduler. */
    job: {
      name: 'webhook-deliveries',
      intervalMs: SWEEP_INTERVAL_MS,
      run: (now: Date) => drain(now),
    } satisfies Job,
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
