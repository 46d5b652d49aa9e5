import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { access } from '../../http/access.ts';
import { reaches, type EventBus } from '../../events/event-bus.ts';

const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream drops. */
const RETRY_MS = 3_000;

/**
 * GET /api/events: one Server-Sent Events stream per open page. Everyone hears providers' status
 * and rating changes; a signed-in user also hears their own notifications, their bookings' changes
 * and positions, and an admin every booking's.
 */
export function eventsRoutes(app: FastifyInstance, bus: EventBus) {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  app.get('/api/events', {
    config: { access: access.public },
    schema: {
      tags: ['events'],
      summary:
        'Server-Sent Events: notification, booking, provider-status and tracking events for this visitor',
      produces: ['text/event-stream'],
    },
    handler: (request, reply) => {
      const user = request.user ?? null;
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      stream.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      open.add(stream);

      const unsubscribe = bus.subscribe(({ to, event }) => {
        if (reaches(to, user))
          stream.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
      });
      const heartbeat = setInterval(() => stream.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const finish = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
      };
      request.raw.on('close', finish);
      stream.on('close', finish);
    },
  });
}
