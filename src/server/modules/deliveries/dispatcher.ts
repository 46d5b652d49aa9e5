import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryChannel, EmailContent } from '../../../core/delivery-channels.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createWokenDrain } from '../../jobs/woken-drain.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { confirmedContacts } from '../contacts/index.ts';
import type { Mailer, SmsSender } from '../mail/index.ts';
import type { PushOutcome, PushService } from '../push/index.ts';
import * as repo from './deliveries.repository.ts';

/** Tries before a delivery fails for good. */
export const MAX_ATTEMPTS = 5;
/** Messages one user receives on a channel in an hour at most; beyond it a delivery is dropped. */
export const PER_USER_PER_HOUR: Record<DeliveryChannel, number> = { push: 30, email: 30, sms: 10 };
export const PUSH_PER_USER_PER_HOUR = PER_USER_PER_HOUR.push;

/** What the dispatcher sends with, one per channel. */
export interface Senders {
  push: Pick<PushService, 'pushToUser'>;
  mailer: Pick<Mailer, 'sendNow' | 'attachment'>;
  sms: SmsSender;
  /** The app's public address: a text message's link is this plus the message's path. */
  publicUrl: string;
}
const BACKOFF_BASE_MS = 30_000;
const BATCH = 10;
/** A claimed row is due again after this if its server died while sending it. */
const LEASE_MS = 2 * 60_000;
/** The sweep for anything a lost notification left behind. */
export const SWEEP_INTERVAL_MS = 30_000;

/** 30 s × 2^(tries so far), or longer when the push service asked for it (Retry-After). */
export const backoffMs = (attemptsBefore: number, retryAfterSeconds = 0) =>
  Math.max(BACKOFF_BASE_MS * 2 ** attemptsBefore, retryAfterSeconds * 1000);

type Verdict =
  | { status: 'sent' }
  | { status: 'dropped' | 'failed'; reason: string }
  | { status: 'retry'; reason: string; retryAfterSeconds: number };

/** What the outcomes on all of a user's devices come to (docs/decisions/045-delivery-queue.md). */
export function verdictOf(outcomes: PushOutcome[]): Verdict {
  if (outcomes.some((o) => o.result === 'sent')) return { status: 'sent' };
  if (outcomes.length === 0) return { status: 'dropped', reason: 'no device' };
  const failures = outcomes.flatMap((o) => (o.result === 'failed' ? [o] : []));
  if (failures.length === 0) return { status: 'dropped', reason: 'every device is gone' };
  const reason = failures
    .map((f) => `${f.status ?? 'unreachable'}: ${f.error}`)
    .join('; ')
    .slice(0, 500);
  if (failures.every((f) => f.retry))
    return {
      status: 'retry',
      reason,
      retryAfterSeconds: Math.max(0, ...failures.map((f) => f.retryAfterSeconds ?? 0)),
    };
  return { status: 'failed', reason };
}

const failure = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Sends queued deliveries (docs/decisions/045-delivery-queue.md): at once when a queueing
 * transaction commits (LISTEN), and on every sweep for anything missed. Several servers may run
 * one each: the claim gives every row to one of them.
 */
export function createDispatcher(
  database: DatabaseHandle,
  senders: Senders,
  log: FastifyBaseLogger,
) {
  const db = database.db;

  /**
   * Sends one row on its channel. Email and texts go to the address or phone confirmed at the
   * moment of sending: one changed or unconfirmed since the row was queued gets nothing.
   */
  async function send(row: repo.ClaimedDelivery): Promise<Verdict> {
    if (row.channel === 'push')
      return verdictOf(await senders.push.pushToUser(row.userId, row.payload));
    const contacts = (await confirmedContacts(db, [row.userId])).get(row.userId) ?? {
      email: null,
      phone: null,
    };
    if (row.channel === 'email') {
      if (!contacts.email) return { status: 'dropped', reason: 'email address not confirmed' };
      // A receipt's email carries the receipt's PDF, made now (docs/decisions/059-pdf-receipts.md).
      const { receiptPaymentId, ...content } = row.payload as EmailContent;
      try {
        const receipt = receiptPaymentId
          ? await senders.mailer.attachment('payment_receipt', receiptPaymentId)
          : null;
        await senders.mailer.sendNow({
          to: contacts.email,
          ...content,
          ...(receipt ? { attachments: [receipt] } : {}),
        });
        return { status: 'sent' };
      } catch (error) {
        return { status: 'retry', reason: failure(error), retryAfterSeconds: 0 };
      }
    }
    if (!contacts.phone) return { status: 'dropped', reason: 'phone not confirmed' };
    const outcome = await senders.sms.deliver({
      to: contacts.phone,
      text: `${row.payload.text} ${senders.publicUrl}${row.payload.url}`,
    });
    if (outcome.result === 'sent') return { status: 'sent' };
    if (outcome.result === 'opted_out')
      return { status: 'dropped', reason: 'the phone answered STOP' };
    const reason = `${outcome.status ?? 'unreachable'}: ${outcome.error}`.slice(0, 500);
    return outcome.retry
      ? { status: 'retry', reason, retryAfterSeconds: outcome.retryAfterSeconds ?? 0 }
      : { status: 'failed', reason };
  }

  async function deliver(row: repo.ClaimedDelivery) {
    const attempts = row.attempts + 1;
    const limit = PER_USER_PER_HOUR[row.channel];
    if ((await repo.countSentLastHour(db, row.userId, row.channel)) >= limit) {
      await repo.markEnded(
        db,
        row.id,
        'dropped',
        row.attempts,
        `per-user limit: ${limit} ${row.channel} messages an hour`,
      );
      return;
    }
    let verdict: Verdict;
    try {
      verdict = await send(row);
    } catch (error) {
      verdict = { status: 'failed', reason: failure(error) };
    }
    if (verdict.status === 'sent') return repo.markSent(db, row.id, attempts);
    if (verdict.status !== 'retry')
      return repo.markEnded(db, row.id, verdict.status, attempts, verdict.reason);
    if (attempts >= MAX_ATTEMPTS)
      return repo.markEnded(db, row.id, 'failed', attempts, verdict.reason);
    return repo.markRetry(
      db,
      row.id,
      attempts,
      backoffMs(row.attempts, verdict.retryAfterSeconds),
      verdict.reason,
    );
  }

  /** Sends every due row, batch after batch, until none is left. */
  async function drain() {
    for (;;) {
      const batch = await repo.claimDue(db, BATCH, LEASE_MS);
      // Rows of one batch go out together, but one user's rows on one channel one after the
      // other, so the hourly count each checks includes the ones before it. Each records its own
      // outcome.
      const lines = new Map<string, repo.ClaimedDelivery[]>();
      for (const row of batch) {
        const line = `${row.userId} ${row.channel}`;
        lines.set(line, [...(lines.get(line) ?? []), row]);
      }
      await Promise.all(
        [...lines.values()].map(async (rows) => {
          for (const row of rows)
            await deliver(row).catch((err: unknown) =>
              log.warn({ err, delivery: row.id }, 'delivery failed to record'),
            );
        }),
      );
      if (batch.length < BATCH) return;
    }
  }

  const woken = createWokenDrain(database, {
    channel: repo.DELIVERIES_CHANNEL,
    drain,
    log,
    what: 'deliveries',
  });
  const wake = woken.wake;

  return {
    start: woken.start,
    stop: woken.stop,
    /** Sends what is due now (tests; the sweep). */
    drain: wake,
    /** The periodic sweep, run through the scheduler. */
    sweepJob: {
      name: 'push-deliveries',
      intervalMs: SWEEP_INTERVAL_MS,
      run: () => wake(),
    } satisfies Job,
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
