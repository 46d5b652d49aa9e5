import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce
  .number({ message: 'expected a number' })
  .int('expected a whole number')
  .positive('expected a positive number');

/** Every environment variable the server reads; README's configuration table lists the same. */
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
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  SESSION_IDLE_HOURS: positiveInt.default(24 * 7),
  SESSION_MAX_AGE_HOURS: positiveInt.default(24 * 30),
  LOGIN_MAX_FAILURES: positiveInt.default(10),
  LOGIN_WINDOW_MINUTES: positiveInt.default(15),
  RATE_LIMIT_PER_MINUTE: positiveInt.default(600),
  BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
  UPLOAD_MAX_BYTES: positiveInt.default(5 * 1024 * 1024),
  SERVE_WEB: bool.default(true),
  PUBLIC_URL: z
    .url({ message: 'expected the public address, like https://truckfinder.example' })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Truck Finder <no-reply@truckfinder.test>'),
  PASSWORD_RESET_MINUTES: positiveInt.default(60),
  MAIL_QUEUE_INTERVAL_MS: positiveInt.default(10_000),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Seed demo data when the database has no users. */
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
  sessionIdleHours: number;
  sessionMaxAgeHours: number;
  loginMaxFailures: number;
  loginWindowMinutes: number;
  rateLimitPerMinute: number;
  bodyLimitBytes: number;
  /** The largest photo accepted. */
  uploadMaxBytes: number;
  serveWeb: boolean;
  /** The address links in emails point to; never taken from a request's Host header. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** With SMTP: how often queued emails (notification copies) are delivered. */
  mailQueueIntervalMs: number;
  passwordResetMinutes: number;
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    sessionIdleHours: e.SESSION_IDLE_HOURS,
    sessionMaxAgeHours: e.SESSION_MAX_AGE_HOURS,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMinutes: e.LOGIN_WINDOW_MINUTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    serveWeb: e.SERVE_WEB,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailQueueIntervalMs: e.MAIL_QUEUE_INTERVAL_MS,
    passwordResetMinutes: e.PASSWORD_RESET_MINUTES,
  };
}
