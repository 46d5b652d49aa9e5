import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { ServerEvents } from '../../../core/events.ts';
import { AppError } from '../../../core/errors.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import { access } from '../../http/access.ts';
import { reaches, type EventBus } from '../../events/event-bus.ts';

/** How long a browser waits before reconnecting after the stream drops. */
const RETRY_MS = 3_000;

export interface EventsRouteOptions {
  /** The request's session as it is now: its user, or null once it has ended. */
  checkSession(request: FastifyRequest): Promise<{ user: PublicUser; sessionId: string } | null>;
  /** How a client's address is counted for the per-address cap (default: as it is). */
  addressKey?(ip: string): string;
  /** A comment line keeps proxies from closing an idle stream; the session is re-checked then. */
  heartbeatMs?: number;
  /** Open streams one user may hold (one per open page). */
  maxPerUser?: number;
  /** Open streams one address may hold, signed in or not. */
  maxPerAddress?: number;
}

/** Open streams per key; a key's entry goes when its last stream closes. */
function counter() {
  const counts = new Map<string, number>();
  return {
    count: (key: string) => counts.get(key) ?? 0,
    add: (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1),
    remove(key: string) {
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    },
  };
}

/**
 * GET /api/events: one Server-Sent Events stream per open page. Everyone hears providers' status
 * and rating changes; a signed-in user also hears their own notifications, their bookings' changes
 * and positions, and an admin every booking's. A signed-in stream ends when its session does
 * (sign-out, password reset, suspension) or its user's role changes, found at the next heartbeat
 * at the latest. Streams are capped per user and per address (see docs/security.md).
 */
export function eventsRoutes(app: FastifyInstance, bus: EventBus, options: EventsRouteOptions) {
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const maxPerUser = options.maxPerUser ?? 5;
  const maxPerAddress = options.maxPerAddress ?? 20;
  const keyOf = options.addressKey ?? ((ip: string) => ip);
  const open = new Set<ServerResponse>();
  const byUser = counter();
  const byAddress = counter();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });
  // Events may have been missed: every page reconnects (after `retry`) and reloads what it shows.
  const offGap = bus.onGap(() => {
    for (const stream of open) stream.end();
  });
  app.addHook('onClose', async () => offGap());

  app.get('/api/events', {
    config: { access: access.public },
    schema: {
      tags: ['events'],
      summary:
        'Server-Sent Events: notification, booking, provider-status and tracking events for this visitor',
      description: `At most ${maxPerUser} open streams per user and ${maxPerAddress} per address; one more answers 429.`,
      produces: ['text/event-stream'],
    },
    handler: (request, reply) => {
      const user = request.user ?? null;
      const sessionId = request.sessionId;
      const address = keyOf(request.ip);
      if (
        byAddress.count(address) >= maxPerAddress ||
        (user && byUser.count(user.id) >= maxPerUser)
      ) {
        throw new AppError(
          'too_many_requests',
          'Too many open live-update connections. Close some tabs and try again.',
        );
      }
      byAddress.add(address);
      if (user) byUser.add(user.id);

      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      stream.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      open.add(stream);

      const send = (type: string, data: unknown) =>
        stream.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
      /** Its session is gone: the page is told, and reconnects as a signed-out visitor. */
      const signOut = (reason: ServerEvents['signed-out']['reason']) => {
        if (stream.writableEnded) return;
        send('signed-out', { reason });
        finish();
        stream.end();
      };

      const unsubscribe = bus.subscribe(({ to, event }) => {
        if (!reaches(to, user) || stream.writableEnded) return;
        if (event.type === 'signed-out') return signOut(event.data.reason);
        send(event.type, event.data);
      });

      async function stillSignedIn(): Promise<boolean> {
        if (!user) return true;
        const now = await options.checkSession(request);
        return (
          now !== null &&
          now.sessionId === sessionId &&
          now.user.id === user.id &&
          now.user.role === user.role
        );
      }
      let checking = false;
      const heartbeat = setInterval(() => {
        if (stream.writableEnded || checking) return;
        stream.write(': ping\n\n');
        checking = true;
        stillSignedIn()
          .then((live) => {
            if (!live) signOut('session-ended');
          })
          .catch((err: unknown) => request.log.warn({ err }, 'event stream session check failed'))
          .finally(() => (checking = false));
      }, heartbeatMs);
      heartbeat.unref();

      let finished = false;
      function finish() {
        if (finished) return;
        finished = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
        byAddress.remove(address);
        if (user) byUser.remove(user.id);
      }
      request.raw.on('close', finish);
      stream.on('close', finish);
    },
  });
}
