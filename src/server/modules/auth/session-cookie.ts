import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'tf_session';

export interface SessionCookieSettings {
  name: string;
  /** Sent only over HTTPS. */
  secure: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookie: SessionCookieSettings;
  }
}

/**
 * Published over https, the cookie is Secure and `__Host-` prefixed, so the browser keeps it to
 * this exact host (no Domain, Path=/) and no plain-http page can set or read it.
 */
export function sessionCookieSettings(publicUrl: string): SessionCookieSettings {
  return new URL(publicUrl).protocol === 'https:'
    ? { name: `__Host-${SESSION_COOKIE}`, secure: true }
    : { name: SESSION_COOKIE, secure: false };
}

export function registerSessionCookie(app: FastifyInstance, publicUrl: string) {
  app.decorate('sessionCookie', sessionCookieSettings(publicUrl));
}

const cookieOptions = (request: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.server.sessionCookie.secure || request.protocol === 'https',
});

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
) {
  reply.setCookie(request.server.sessionCookie.name, token, {
    ...cookieOptions(request),
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(request.server.sessionCookie.name, cookieOptions(request));
}

export const readSessionCookie = (request: FastifyRequest): string | undefined =>
  request.cookies[request.server.sessionCookie.name];

export const clientInfo = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});
