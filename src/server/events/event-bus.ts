import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerEvent } from '../../core/events.ts';
import type { PublicUser } from '../../core/users/schemas.ts';
import type { DatabaseHandle, Executor, Listening } from '../db/client.ts';

/** Also the channel of db/migrations/0012_provider_changes.sql. */
const CHANNEL = 'truck_finder_events';

/**
 * Providers that changed, as the database announces them (db/migrations/0012_provider_changes.sql):
 * the places of the changed rows before and after the change, or `all` for a bulk change.
 */
export type ProviderChange = 'all' | [latitude: number, longitude: number][];

/** Who may receive an event. */
export interface Audience {
  userIds?: string[];
  admins?: boolean;
  everyone?: boolean;
}

interface Envelope {
  to: Audience;
  event: ServerEvent;
}

export const reaches = (to: Audience, user: PublicUser | null): boolean =>
  to.everyone === true ||
  (user !== null &&
    ((to.admins === true && user.role === 'admin') || !!to.userIds?.includes(user.id)));

/**
 * Events travel through PostgreSQL NOTIFY, sent inside the transaction of the change they report:
 * they go out only if it commits, and every app server listening on the database hears them.
 */
export function createEventBus(database: DatabaseHandle, log: FastifyBaseLogger) {
  const listeners = new Set<(envelope: Envelope) => void>();
  const changeListeners = new Set<(change: ProviderChange) => void>();
  const gapListeners = new Set<() => void>();
  let listening: Listening | undefined;
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;

  // One channel keeps the order: a change of providers is heard before the events of its
  // transaction, so a page that refreshes on a provider-status event never gets a stale answer.
  const deliver = (payload: string) => {
    let message: Envelope | { providers: ProviderChange };
    try {
      message = JSON.parse(payload) as Envelope | { providers: ProviderChange };
    } catch {
      log.warn({ payload: payload.slice(0, 200) }, 'ignored an unreadable event');
      return;
    }
    if ('providers' in message) {
      for (const listener of changeListeners) listener(message.providers);
      return;
    }
    for (const listener of listeners) listener(message);
  };

  // A caller that arrives while a round trip is on its way waits for the next one.
  const caughtUp = (): Promise<void> => {
    if (!listening) return Promise.reject(new Error('the event bus is not listening'));
    if (!running) {
      running = listening.caughtUp().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return caughtUp();
      });
    return queued;
  };

  return {
    async start() {
      listening = await database.listen(CHANNEL, deliver, () => {
        log.warn(
          'listening for events again after a lost connection; events sent meanwhile were missed',
        );
        for (const listener of gapListeners) listener();
      });
    },
    async close() {
      listeners.clear();
      changeListeners.clear();
      gapListeners.clear();
      await listening?.stop();
    },
    /** Sends the events when `exec`'s transaction commits (at once outside a transaction). */
    async publish(exec: Executor, to: Audience, ...events: ServerEvent[]) {
      for (const event of events) {
        await exec.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ to, event })})`);
      }
    },
    subscribe(listener: (envelope: Envelope) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /**
     * Resolves once every event and change committed before the call has been heard (rejects
     * while the connection is lost). Callers waiting together share one round trip.
     */
    caughtUp,
    /** Calls `listener` with every change to service_providers, as it commits (any app server). */
    onProviderChanges(listener: (change: ProviderChange) => void) {
      changeListeners.add(listener);
      return () => void changeListeners.delete(listener);
    },
    /** Calls `listener` when events may have been missed (the LISTEN connection was lost). */
    onGap(listener: () => void) {
      gapListeners.add(listener);
      return () => void gapListeners.delete(listener);
    },
    get listenerCount() {
      return listeners.size;
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
