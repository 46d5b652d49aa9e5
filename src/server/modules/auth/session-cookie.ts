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

/**
 * The session token of a request: `Authorization: Bearer <token>` (API clients and the internal
 * pages' test accounts, docs/decisions/018-internal-pages.md), else the session cookie.
 */
export function readSessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const bearer = header?.match(/^Bearer ([A-Za-z0-9_-]{20,200})$/)?.[1];
  return bearer ?? readSessionCookie(request);
}

/** A sign-in with `x-session-transport: bearer` asks for the token in the body, no cookie. */
export const wantsBearer = (request: FastifyRequest) =>
  request.headers['x-session-transport'] === 'bearer';

/**
 * Hands a new session to the client: as the cookie, or, when the request asks for the bearer
 * transport, as `{token}` to merge into the answer (no cookie, so a page's own session stays).
 */
export function deliverSession(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
): { token?: string } {
  if (wantsBearer(request)) return { token: session.token };
  setSessionCookie(request, reply, session.token, session.expiresAt);
  return {};
}

/**
 * The known-device cookie (docs/decisions/038-sign-in-throttling.md): a random token a browser
 * keeps for 400 days (the longest a browser keeps a cookie) once it signs in. Same prefix rules
 * as the session cookie.
 */
const DEVICE_COOKIE = 'tf_device';
const DEVICE_COOKIE_DAYS = 400;
const deviceCookieName = (request: FastifyRequest) =>
  request.server.sessionCookie.secure ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE;

export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  if (wantsBearer(request) || !/^[A-Za-z0-9_-]{20,200}$/.test(token)) return;
  reply.setCookie(deviceCookieName(request), token, {
    ...cookieOptions(request),
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}

const readDeviceCookie = (request: FastifyRequest): string | null => {
  const token = request.cookies[deviceCookieName(request)];
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
};

export const clientInfo = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  deviceToken: readDeviceCookie(request),
});
