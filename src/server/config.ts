import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { mapTileSources } from '../core/map-tiles.ts';
import type { StripeGatewayOptions } from './modules/billing/index.ts';
import type { TwilioOptions } from './modules/mail/index.ts';
import type { S3Options } from './storage/s3-file-storage.ts';
import { parseHostList } from './db/primary-finder.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Unset, empty, or matching `pattern`. */
const optionalText = (pattern: RegExp, message: string) =>
  z
    .string()
    .regex(pattern, message)
    .optional()
    .or(z.literal('').transform(() => undefined));

const positiveInt = z.coerce
  .number({ message: 'expected a number' })
  .int('expected a whole number')
  .positive('expected a positive number');

/** What `trustProxy` accepts: no proxy, a hop count, or the proxies' addresses and CIDRs. */
export type TrustProxy = false | number | string[];

/** Names of address ranges Fastify (proxy-addr) knows. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function proxyEntryProblem(entry: string): string | undefined {
  if (PROXY_RANGE_NAMES.has(entry)) return undefined;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined)
    return `"${entry}" is not an IP address or CIDR (like 10.0.0.5, 10.0.0.0/24 or fd00::/8)`;
  if (prefix === undefined) return undefined;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  const max = family === 4 ? 32 : 128;
  if (!(bits >= 0 && bits <= max)) return `"${entry}" has a bad prefix length (0 to ${max})`;
  if (bits === 0) return `"${entry}" covers every address; list the proxy's own addresses`;
  return undefined;
}

/**
 * TRUST_PROXY: unset or `false` for no proxy, a hop count, or a comma-separated list of the
 * proxies' addresses/CIDRs. Trusting every address would let any client choose its own
 * address with X-Forwarded-For (docs/decisions/015-public-server-safety.md).
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = (raw ?? '').trim().toLowerCase();
    if (value === '' || value === 'false' || value === 'no') return false;
    if (value === 'true' || value === 'yes') {
      ctx.addIssue({
        code: 'custom',
        message:
          'trusting every address lets any client forge X-Forwarded-For; give the proxy addresses or CIDRs (like 127.0.0.1,10.0.0.0/8) or a hop count',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value) || false;
    const entries = value.split(',').map((entry) => entry.trim());
    const problems = entries.map((entry) =>
      entry === '' ? 'an empty entry in the list' : proxyEntryProblem(entry),
    );
    const problem = problems.find(Boolean);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return entries;
  });

/** Every environment variable the server reads; README's configuration table lists the same. */
/** A PostgreSQL URL, which may name several servers as libpq reads it (db/primary-finder.ts). */
const postgresUrl = z.string().superRefine((url, context) => {
  try {
    parseHostList(url);
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
  }
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce
    .number({ message: 'expected a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(5000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional().or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  DATABASE_LISTEN_URL: postgresUrl.optional().or(z.literal('').transform(() => undefined)),
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  DATABASE_READ_URLS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().regex(/^postgres(ql)?:\/\//, 'expected postgres:// URLs, comma-separated'),
      ),
    ),
  READ_MAX_LAG_SECONDS: z.coerce
    .number({ message: 'expected a number of seconds' })
    .positive('expected more than 0 seconds')
    .default(5),
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ message: 'expected a number of seconds' })
    .min(0, 'expected 0 (off) or more seconds')
    .max(300, 'expected at most 300 seconds')
    .default(0),
  SEARCH_CACHE_SECONDS: z.coerce
    .number({ message: 'expected a number of seconds' })
    .int('expected a whole number of seconds')
    .min(0, 'expected 0 (off) or more seconds')
    .default(15),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  SESSION_IDLE_HOURS: positiveInt.default(24 * 7),
  SESSION_MAX_AGE_HOURS: positiveInt.default(24 * 30),
  ADMIN_SESSION_IDLE_HOURS: positiveInt.default(8),
  ADMIN_SESSION_MAX_AGE_HOURS: positiveInt.default(24),
  LOGIN_MAX_FAILURES: positiveInt.default(10),
  LOGIN_WINDOW_MINUTES: positiveInt.default(60),
  LOGIN_MAX_DELAY_SECONDS: positiveInt.default(600),
  MFA_ENCRYPTION_KEY: optionalText(
    /^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/,
    'expected 32 random bytes as 64 hex digits or base64 (openssl rand -hex 32)',
  ),
  RATE_LIMIT_PER_MINUTE: positiveInt.default(600),
  API_TOKEN_RATE_LIMIT_PER_MINUTE: positiveInt.default(600),
  ROUTE_RATE_LIMIT_SCALE: positiveInt.default(1),
  BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
  UPLOAD_MAX_BYTES: positiveInt.default(5 * 1024 * 1024),
  UPLOAD_QUOTA_BYTES: positiveInt.default(20 * 1024 * 1024),
  EVENT_STREAMS_PER_USER: positiveInt.default(5),
  EVENT_STREAMS_PER_ADDRESS: positiveInt.default(20),
  SERVE_WEB: bool.default(true),
  PUBLIC_URL: z
    .url({ message: 'expected the public address, like https://truckfinder.example' })
    .optional(),
  ALLOW_OUTBOX_EMAIL: bool.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Truck Finder <no-reply@truckfinder.test>'),
  PASSWORD_RESET_MINUTES: positiveInt.default(60),
  MAIL_QUEUE_INTERVAL_MS: positiveInt.default(10_000),
  STRIPE_SECRET_KEY: optionalText(
    /^(sk|rk)_(test|live)_/,
    'expected a Stripe secret key (sk_test_… or sk_live_…)',
  ),
  STRIPE_WEBHOOK_SECRET: optionalText(/^whsec_/, 'expected a webhook signing secret (whsec_…)'),
  /** Stripe signs connected accounts' events (Connect) with their own endpoint's secret. */
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalText(
    /^whsec_/,
    'expected a webhook signing secret (whsec_…)',
  ),
  VITE_STRIPE_PUBLISHABLE_KEY: optionalText(
    /^pk_(test|live)_/,
    'expected a publishable key (pk_test_… or pk_live_…)',
  ),
  PAYMENTS_TEST_MODE: bool.optional(),
  STRIPE_API_URL: z.url({ message: 'expected a URL like http://127.0.0.1:12111' }).optional(),
  TWILIO_ACCOUNT_SID: optionalText(
    /^AC[0-9a-fA-F]{32}$/,
    'expected the Account SID from the Twilio console (AC and 32 hex digits)',
  ),
  TWILIO_AUTH_TOKEN: optionalText(
    /^[0-9a-fA-F]{32}$/,
    'expected the Auth Token from the Twilio console (32 hex digits)',
  ),
  TWILIO_FROM: optionalText(
    /^\+[1-9]\d{7,14}$/,
    'expected the sending number in E.164, like +12145550100',
  ),
  TWILIO_MESSAGING_SERVICE_SID: optionalText(
    /^MG[0-9a-fA-F]{32}$/,
    'expected a Messaging Service SID (MG and 32 hex digits)',
  ),
  TWILIO_API_URL: z.url({ message: 'expected a URL like http://127.0.0.1:12112' }).optional(),
  S3_BUCKET: optionalText(
    /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/,
    // No dots: a dotted name breaks the TLS of AWS's bucket addresses.
    'expected a bucket name (3 to 63 lower-case letters, digits and hyphens)',
  ),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z
    .url({
      message: 'expected the address of an S3-compatible service, like http://127.0.0.1:4569',
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ACCESS_KEY_ID: optionalText(/^\S+$/, 'expected an access key id without spaces'),
  S3_SECRET_ACCESS_KEY: optionalText(/^\S+$/, 'expected a secret access key without spaces'),
  ROUTING_URL: z
    .url({ message: 'expected the address of an OSRM server, like http://127.0.0.1:5001' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  RUN_JOBS: bool.default(true),
  VITE_MAP_TILE_URL: z.string().optional(),
  VITE_MAP_TILE_URL_DARK: z.string().optional(),
  JOB_TICK_MS: positiveInt.default(30_000),
  /** How long a help request waits for an answer before it asks further out. */
  HELP_ESCALATE_SECONDS: positiveInt.default(300),
  /** How long Premium/Enterprise providers of a help request's step are asked before Basic ones. */
  HELP_PRIORITY_HEAD_START_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  VAPID_PUBLIC_KEY: optionalText(
    /^B[A-Za-z0-9_-]{86}$/,
    'expected a P-256 public key in base64url, 87 characters (npx web-push generate-vapid-keys)',
  ),
  VAPID_PRIVATE_KEY: optionalText(
    /^[A-Za-z0-9_-]{43}$/,
    'expected a P-256 private key in base64url, 43 characters (npx web-push generate-vapid-keys)',
  ),
  VAPID_SUBJECT: optionalText(
    /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
    'expected a mailto: address or an https: URL where push services can reach the operator',
  ),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * A direct connection for LISTEN and the migrations' lock when DATABASE_URL goes through a
   * pooler in transaction mode (DATABASE_LISTEN_URL); unset: DATABASE_URL.
   */
  databaseListenUrl: string | undefined;
  /** Named prepared statements; false behind a pooler that does not keep them (PgBouncer < 1.21). */
  databasePreparedStatements: boolean;
  /** Read replicas of DATABASE_URL (DATABASE_READ_URLS), for the reads that may lag a little. */
  databaseReadUrls: string[];
  /** A replica further behind than this is skipped (READ_MAX_LAG_SECONDS). */
  readMaxLagSeconds: number;
  databasePoolSize: number;
  /**
   * On SIGTERM, how long the server goes on answering while GET /api/health says 503, so a load
   * balancer sends new requests elsewhere before it closes (SHUTDOWN_DRAIN_SECONDS; 0: closes at once).
   */
  shutdownDrainSeconds: number;
  /** How long a search answer is kept (0: not at all); changed providers drop it at once. */
  searchCacheSeconds: number;
  /**
   * Seed demo data when the database has no users: SEED_DEMO, else in development, or on the
   * embedded database when started by `npm start` (main.ts's `--demo`).
   */
  seedDemo: boolean;
  /**
   * SEED_DEMO was set rather than defaulted; an explicit SEED_DEMO=true accepts demo accounts on
   * a public server (docs/decisions/015-public-server-safety.md).
   */
  seedDemoExplicit: boolean;
  logLevel: string;
  /** Which peers may name the client in X-Forwarded-For; never every address. */
  trustProxy: TrustProxy;
  sessionIdleHours: number;
  sessionMaxAgeHours: number;
  /** An admin's session ends sooner: idle and absolute limits of its own. */
  adminSessionIdleHours: number;
  adminSessionMaxAgeHours: number;
  /** Failed sign-ins per account, address or device in the window before each try waits. */
  loginMaxFailures: number;
  /** How long a failed sign-in counts; the hourly guess bound holds from 60 minutes up. */
  loginWindowMinutes: number;
  /** The longest wait between two tries once the failures pass loginMaxFailures. */
  loginMaxDelaySeconds: number;
  /** 32 bytes for AES-256-GCM over stored TOTP secrets; unset keeps them unencrypted. */
  mfaEncryptionKey: Buffer | undefined;
  rateLimitPerMinute: number;
  /** Requests one API token may make per minute (its own budget, docs/api.md "API tokens"). */
  apiTokenRateLimitPerMinute: number;
  /** Multiplies the per-route limits (sign-up, applications, password reset); 1 in production. */
  routeRateLimitScale: number;
  bodyLimitBytes: number;
  /** The largest photo accepted. */
  uploadMaxBytes: number;
  /** The most bytes of current uploads (avatar, business photo) one user may have stored. */
  uploadQuotaBytes: number;
  /** Open live-event streams one server holds per user, and per client address. */
  eventStreamsPerUser: number;
  eventStreamsPerAddress: number;
  serveWeb: boolean;
  /** The address links in emails point to; never taken from a request's Host header. */
  publicUrl: string;
  smtpUrl: string | undefined;
  /** A public server may keep email in the outbox (where reset links stay readable) only with this. */
  allowOutboxEmail: boolean;
  mailFrom: string;
  /** With SMTP: how often queued emails (notification copies) are delivered. */
  mailQueueIntervalMs: number;
  passwordResetMinutes: number;
  /**
   * Real Stripe when all three keys are set; otherwise the built-in test gateway on a server
   * only this machine reaches, or with `paymentsTestMode`; otherwise payments are off.
   */
  stripe: StripeGatewayOptions | undefined;
  /**
   * The signing secret of the Connect webhook endpoint (connected accounts' `account.updated`,
   * `payout.*`), when it is another endpoint than the platform's; null: one secret signs both.
   */
  stripeConnectWebhookSecret: string | null;
  /**
   * Texts go out through Twilio when the Account SID, Auth Token and one sender (a number or a
   * Messaging Service) are set; otherwise they wait in the admin outbox.
   */
  twilio: TwilioOptions | undefined;
  /** PAYMENTS_TEST_MODE=true: the test gateway even on a public server (a public demo). */
  paymentsTestMode: boolean;
  /** The test gateway signs its webhooks with this (new for each process unless given). */
  testGatewayWebhookSecret: string;
  /** Run the scheduled jobs (renewals, reminders) in this process. */
  runJobs: boolean;
  /** The map tile server's origin for the CSP's img-src; null for no tiles or our own. */
  /** The map tile servers' origins (both themes) for the CSP's img-src. */
  mapTileOrigins: string[];
  /** Uploads in this S3-compatible bucket (S3_BUCKET, …); unset: in the database. */
  uploadsBucket: S3Options | undefined;
  /** An OSRM-compatible routing service (ROUTING_URL); without one, route search uses straight corridors. */
  routingUrl: string | undefined;
  jobTickMs: number;
  helpEscalateMs: number;
  helpPriorityHeadStartMs: number;
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; unset: a pair made once and kept in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Whom push services may contact: VAPID_SUBJECT, else mailto: MAIL_FROM's address. */
  vapidSubject: string;
}

export class ConfigError extends Error {}

/** The address of a From header: `Name <a@b>` or a bare `a@b`. */
const mailAddress = (from: string) => /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();

export interface LoadOptions {
  /** Seed demo data unless SEED_DEMO says otherwise (`npm start` on a fresh machine). */
  demoByDefault?: boolean;
}

/** Parses the environment once; a bad value throws a message naming the variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: LoadOptions = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.VITE_STRIPE_PUBLISHABLE_KEY];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean))
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and VITE_STRIPE_PUBLISHABLE_KEY: set all three for Stripe, or none for the test gateway',
    );
  if (e.PAYMENTS_TEST_MODE && stripeKeys.every(Boolean))
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS_TEST_MODE: the Stripe keys are set, so payments are real; remove PAYMENTS_TEST_MODE=true or the keys',
    );
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new ConfigError(
      `Invalid configuration:\n  ${e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: set both VAPID keys, or neither to have the server make a pair and keep it in the database`,
    );
  let mapTileOrigins: string[];
  try {
    mapTileOrigins = mapTileSources(e.VITE_MAP_TILE_URL, e.VITE_MAP_TILE_URL_DARK);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${(error as Error).message}`);
  }
  if (e.DATABASE_READ_URLS.length > 0 && !e.DATABASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_READ_URLS: set it with DATABASE_URL (replicas of a PostgreSQL primary; the embedded database has none)',
    );
  const twilio = twilioOptions(e);
  const uploadsBucket = bucketOptions(e);
  const stripeApi = e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : undefined;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    databaseReadUrls: e.DATABASE_READ_URLS,
    readMaxLagSeconds: e.READ_MAX_LAG_SECONDS,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    searchCacheSeconds: e.SEARCH_CACHE_SECONDS,
    seedDemo:
      e.SEED_DEMO ??
      (e.NODE_ENV === 'development' || (options.demoByDefault === true && !e.DATABASE_URL)),
    seedDemoExplicit: e.SEED_DEMO !== undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    sessionIdleHours: e.SESSION_IDLE_HOURS,
    sessionMaxAgeHours: e.SESSION_MAX_AGE_HOURS,
    adminSessionIdleHours: e.ADMIN_SESSION_IDLE_HOURS,
    adminSessionMaxAgeHours: e.ADMIN_SESSION_MAX_AGE_HOURS,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMinutes: e.LOGIN_WINDOW_MINUTES,
    loginMaxDelaySeconds: e.LOGIN_MAX_DELAY_SECONDS,
    mfaEncryptionKey: e.MFA_ENCRYPTION_KEY
      ? Buffer.from(e.MFA_ENCRYPTION_KEY, e.MFA_ENCRYPTION_KEY.length === 64 ? 'hex' : 'base64')
      : undefined,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    apiTokenRateLimitPerMinute: e.API_TOKEN_RATE_LIMIT_PER_MINUTE,
    routeRateLimitScale: e.ROUTE_RATE_LIMIT_SCALE,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadQuotaBytes: e.UPLOAD_QUOTA_BYTES,
    eventStreamsPerUser: e.EVENT_STREAMS_PER_USER,
    eventStreamsPerAddress: e.EVENT_STREAMS_PER_ADDRESS,
    serveWeb: e.SERVE_WEB,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    allowOutboxEmail: e.ALLOW_OUTBOX_EMAIL,
    mailFrom: e.MAIL_FROM,
    mailQueueIntervalMs: e.MAIL_QUEUE_INTERVAL_MS,
    passwordResetMinutes: e.PASSWORD_RESET_MINUTES,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.VITE_STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            publishableKey: e.VITE_STRIPE_PUBLISHABLE_KEY,
            ...(stripeApi
              ? {
                  host: stripeApi.hostname,
                  port: Number(stripeApi.port) || (stripeApi.protocol === 'http:' ? 80 : 443),
                  protocol: stripeApi.protocol === 'http:' ? ('http' as const) : ('https' as const),
                }
              : {}),
          }
        : undefined,
    twilio,
    uploadsBucket,
    stripeConnectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET ?? null,
    paymentsTestMode: e.PAYMENTS_TEST_MODE ?? false,
    testGatewayWebhookSecret: `whsec_test_${randomBytes(24).toString('hex')}`,
    runJobs: e.RUN_JOBS,
    mapTileOrigins,
    routingUrl: e.ROUTING_URL?.replace(/\/+$/, ''),
    jobTickMs: e.JOB_TICK_MS,
    helpEscalateMs: e.HELP_ESCALATE_SECONDS * 1000,
    helpPriorityHeadStartMs: e.HELP_PRIORITY_HEAD_START_MS,
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${mailAddress(e.MAIL_FROM)}`,
  };
}

/** A bucket, with its keys both or neither; the other settings only with a bucket. */
function bucketOptions(e: z.output<typeof envSchema>): S3Options | undefined {
  const keys = [e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (!e.S3_BUCKET) {
    if (e.S3_ENDPOINT || keys.some(Boolean))
      throw new ConfigError(
        'Invalid configuration:\n  S3_BUCKET: set it with S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or unset them all to keep uploads in the database',
      );
    return undefined;
  }
  if (keys.some(Boolean) && !keys.every(Boolean))
    throw new ConfigError(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither for the SDK's own credentials (environment, instance role)",
    );
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
    ...(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
  };
}

/** All of the Account SID, the Auth Token and one sender, or none of them. */
function twilioOptions(e: z.output<typeof envSchema>): TwilioOptions | undefined {
  const sender = e.TWILIO_FROM ?? e.TWILIO_MESSAGING_SERVICE_SID;
  const set = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, sender];
  if (!set.some(Boolean)) {
    if (e.TWILIO_API_URL)
      throw new ConfigError(
        'Invalid configuration:\n  TWILIO_API_URL: set it only with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID',
      );
    return undefined;
  }
  if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !sender)
    throw new ConfigError(
      'Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID: set all three for texts through Twilio, or none to keep texts in the admin outbox',
    );
  if (e.TWILIO_FROM && e.TWILIO_MESSAGING_SERVICE_SID)
    throw new ConfigError(
      'Invalid configuration:\n  TWILIO_FROM and TWILIO_MESSAGING_SERVICE_SID: set one of them, the number texts come from or the Messaging Service that picks it',
    );
  return {
    accountSid: e.TWILIO_ACCOUNT_SID,
    authToken: e.TWILIO_AUTH_TOKEN,
    sender: e.TWILIO_FROM
      ? { from: e.TWILIO_FROM }
      : { messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID! },
    ...(e.TWILIO_API_URL ? { apiUrl: e.TWILIO_API_URL.replace(/\/+$/, '') } : {}),
  };
}
