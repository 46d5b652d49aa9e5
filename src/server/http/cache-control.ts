import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public route whose answer differs for a signed-in caller (then it is theirs alone). */
    personal?: true;
  }
}

const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Whether no cache, shared or the browser's own, may keep the answer: everything under /api
 * except what a public route answers alike to everyone (search, provider pages, meta, health).
 * An answer that sets or clears the session cookie is the caller's own too.
 */
export function answersPrivately(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!isApiPath(request.url)) return false;
  const config = request.routeOptions.config;
  return (
    config.access?.kind !== 'public' ||
    (config.personal === true && request.user !== null) ||
    reply.hasHeader('set-cookie')
  );
}

/** `Cache-Control: no-store` on every answer that depends on the session, errors included. */
export function registerCacheControl(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (answersPrivately(request, reply)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
