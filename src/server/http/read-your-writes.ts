import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Set for a while on a browser whose user has just changed something (decision 074). */
export const WROTE_COOKIE = 'tf_wrote';

/**
 * With read replicas, a user who has just written reads from the primary until the replicas have
 * surely caught up (READ_MAX_LAG_SECONDS): a successful change answered to a browser carries a
 * short-lived cookie, which every app server reads; the search cache is neither read nor filled
 * for it. API-token clients send no cookies:
 * their reads may be that much behind their own writes (docs/operations.md).
 */
export function registerReadYourWrites(app: FastifyInstance, maxLagSeconds: number) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const changed = request.method !== 'GET' && request.method !== 'HEAD';
    // Any successful change: one made without a session may have started one (an application).
    if (changed && reply.statusCode < 400)
      reply.setCookie(WROTE_COOKIE, '1', {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.server.sessionCookie.secure || request.protocol === 'https',
        maxAge: Math.ceil(maxLagSeconds) + 1,
      });
    done(null, payload);
  });
}

export const wroteRecently = (request: FastifyRequest) =>
  request.cookies[WROTE_COOKIE] !== undefined;
