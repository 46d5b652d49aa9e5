import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { addressKey, registerSessionCookie } from '../modules/auth/index.ts';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import type { Config } from '../config.ts';
import { WEBHOOK_PATH } from '../modules/billing/index.ts';
import { SMS_INBOUND_PATH } from '../modules/mail/index.ts';
import { isLoopbackHost } from '../public-address.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The bodies our own pages send; a cross-site form can send neither without a CORS preflight. */
const BODY_TYPES = new Set(['application/json', 'multipart/form-data']);
const HSTS = { maxAge: 31_536_000, includeSubDomains: true };

/** What Stripe.js and its Payment Element load, frame and call (docs/billing.md): only with Stripe keys. */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * Security headers (HSTS when published over https), the session cookie's name and flags, a
 * per-address request budget for the API, and a same-origin guard on writes.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const https = new URL(config.publicUrl).protocol === 'https:';
  registerSessionCookie(app, config.publicUrl);
  const stripe = config.stripe ? STRIPE_SOURCES : { script: [], frame: [], connect: [] };
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...config.mapTileOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripe.connect],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'self'", ...stripe.frame],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? HSTS : false,
  });
  // The same headers on every answer (errors, files and the event stream included).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // One subscriber usually holds a whole IPv6 /64: counted as one client, like the route limits.
    keyGenerator: (request) => addressKey(request.ip),
    // A request with an API token counts against the token's own limit instead (http/access.ts).
    allowList: (request) => !request.url.startsWith('/api/') || request.apiToken !== null,
  });

  // SameSite=Lax already keeps the session cookie off cross-site POSTs; this refuses them outright.
  const sameOrigin = sameOriginCheck(config.publicUrl);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE_METHODS.has(request.method)) return done();
    try {
      refuseForeignWrite(request, sameOrigin);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}

const SIGNED_WEBHOOKS = new Set([WEBHOOK_PATH, SMS_INBOUND_PATH]);

/** Refuses a write sent from another site, or with a body our pages never send. */
function refuseForeignWrite(request: FastifyRequest, sameOrigin: (origin: string) => boolean) {
  if (request.headers['sec-fetch-site'] === 'cross-site')
    throw new AppError('forbidden', 'Cross-site requests are not allowed');
  if (!request.url.startsWith('/api/')) return;
  const origin = request.headers.origin;
  if (origin !== undefined && !sameOrigin(origin))
    throw new AppError('forbidden', 'Requests from other sites are not allowed');
  // Signed webhooks: the gateway's over its raw body, whatever its type; Twilio's over its form.
  if (SIGNED_WEBHOOKS.has(request.routeOptions.url ?? '')) return;
  if (!acceptedBody(request))
    throw new AppError(
      'unsupported_media_type',
      'Send the request body as application/json (multipart/form-data for uploads)',
    );
}

/**
 * An Origin is ours when it is PUBLIC_URL's. A server published on loopback (the local demo,
 * development behind Vite) also takes its other loopback spellings and ports.
 */
function sameOriginCheck(publicUrl: string) {
  const ours = new URL(publicUrl);
  const local = isLoopbackHost(ours.hostname);
  return (origin: string) => {
    if (origin === ours.origin) return true;
    if (!local || !URL.canParse(origin)) return false;
    const theirs = new URL(origin);
    return /^https?:$/.test(theirs.protocol) && isLoopbackHost(theirs.hostname);
  };
}

/** JSON or multipart, or no body at all (logout, mark all read, …). */
function acceptedBody(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  if (type !== undefined) return BODY_TYPES.has(type.split(';')[0]!.trim().toLowerCase());
  const length = request.headers['content-length'];
  return (length === undefined || length === '0') && !request.headers['transfer-encoding'];
}

/**
 * The headers @fastify/helmet sends with these options, worked out once at start: registered
 * itself, it builds helmet's middleware again on every request, and the headers never change.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', (_request, reply) => reply.send(reply.raw.getHeaders()));
  try {
    const response = await probe.inject({ method: 'GET', url: '/' });
    return response.json<Record<string, string>>();
  } finally {
    await probe.close();
  }
}
