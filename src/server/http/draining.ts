import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** A server about to close: health answers 503, every answer closes its connection. */
    draining: { start(): void; readonly active: boolean };
  }
}

/**
 * The first step of a graceful shutdown (main.ts, docs/operations.md "Rolling restart"): the
 * server goes on answering, but GET /api/health says 503 so the load balancer takes it out, and
 * each answer carries `Connection: close` so no kept-alive connection brings it more requests.
 * Open event streams stay until the close ends them; their browsers then reconnect elsewhere.
 */
export function registerDraining(app: FastifyInstance) {
  let active = false;
  app.decorate('draining', {
    start: () => void (active = true),
    get active() {
      return active;
    },
  });
  app.addHook('onSend', async (_request, reply) => {
    if (active) reply.header('connection', 'close');
  });
}
