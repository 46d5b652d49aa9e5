import type { FastifyInstance, InjectOptions } from 'fastify';
import { openPglite } from '../db/client.ts';
import { runOnce } from '../db/run-once.ts';
import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, inject as provided } from 'vitest';
import { buildApp, type BuildOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';

/**
 * A fresh app on a fresh database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL, dropped again by `close()`.
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: BuildOptions = {}) {
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      SEED_DEMO: 'false',
      // Tests read emails from the outbox, on https PUBLIC_URLs too; outbox-guard tests set false.
      ALLOW_OUTBOX_EMAIL: 'true',
      DATA_DIR: 'memory://',
      RUN_JOBS: 'false',
      // Each file signs up many accounts from one address; route-limits.api.test.ts sets 1.
      ROUTE_RATE_LIMIT_SCALE: '1000',
    }),
    ...overrides,
  };
  const server = process.env.TEST_DATABASE_URL;
  let dropDatabase = async () => {};
  if (server && !options.database) {
    // Named after the run's own database (tf_ci_… in CI), so the run's cleanup finds them.
    const base = new URL(server).pathname.slice(1);
    const name = `${base.startsWith('tf_') ? base : 'tf_test'}_f${randomBytes(6).toString('hex')}`;
    await adminQuery(server, `create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    config.databaseUrl = url.toString();
    config.databasePoolSize = 4;
    // Through a pooler (scripts/test-through-pgbouncer.ts): LISTEN and the migrations' lock on
    // the server itself, no named statements.
    const listen = process.env.TEST_DATABASE_LISTEN_URL;
    if (listen) {
      const direct = new URL(listen);
      direct.pathname = `/${name}`;
      config.databaseListenUrl = direct.toString();
    }
    if (process.env.TEST_DATABASE_PREPARED_STATEMENTS === 'false')
      config.databasePreparedStatements = false;
    dropDatabase = async () => {
      await adminQuery(server, `drop database if exists ${name} with (force)`);
    };
  }
  // The suite checks every answer against its zod schema; TEST_SERIALIZER=compiled runs it with
  // production's compiled serializers instead.
  const serializer = process.env.TEST_SERIALIZER === 'compiled' ? 'compiled' : 'checked';
  // On the embedded database, a copy of the run's migrated one (pglite-template.ts); the app
  // does not close a database it was given.
  const template = server || options.database ? undefined : provided('pgliteTemplate');
  const database = template
    ? await openPglite('memory://', { from: new Blob([readFileSync(template)]) })
    : undefined;
  const app = await buildApp(config, { serializer, ...(database && { database }), ...options });
  await app.ready();
  return {
    app,
    config,
    api: (request: InjectOptions) => inject(app, request),
    async close() {
      await app.close();
      await database?.close();
      await dropDatabase();
    },
  };
}

const adminQuery = runOnce;

/** Hash formats, hash fields and the plain password every test account uses. */
const SECRET_PATTERNS = [
  /\$argon2/,
  /passwordHash/i,
  /password_hash/i,
  /tokenHash/i,
  /correct horse battery/,
];

/** `app.inject` that also fails the test if any answer carries a password, a hash or a token hash. */
/**
 * Starts a second server on the test app's database with these settings (and closes it);
 * answers 'started', or rejects with what refused the start.
 */
export async function startBeside(
  t: Awaited<ReturnType<typeof createTestApp>>,
  overrides: Partial<Config>,
) {
  const app = await buildApp({ ...t.config, ...overrides }, { database: t.app.database });
  await app.ready();
  await app.close();
  return 'started';
}

export async function inject(
  app: FastifyInstance,
  request: InjectOptions,
): Promise<LightMyRequestResponse> {
  const response = await app.inject(request);
  for (const pattern of SECRET_PATTERNS)
    expect(response.body, `${request.method} ${request.url}`).not.toMatch(pattern);
  expect(
    response.statusCode,
    `${request.method} ${request.url} answered ${response.body}`,
  ).toBeLessThan(500);
  return response;
}

/** The session cookie as a Cookie header: `tf_session`, or `__Host-tf_session` with an https PUBLIC_URL. */
export const sessionCookie = (response: LightMyRequestResponse) => {
  const cookie = response.cookies.find((c) => /^(__Host-)?tf_session$/.test(c.name));
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
};

let counter = 0;
export function newAccount(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    username: `user${tag}`,
    email: `user${tag}@example.com`,
    password: 'correct horse battery',
    name: `Test User ${counter}`,
    phone: '(214) 555-0100',
    role: 'driver',
    ...overrides,
  };
}

/** An account a test signed up: what it typed, its session cookie and its user. */
export interface TestAccount {
  account: ReturnType<typeof newAccount>;
  cookie: string;
  user: { id: string; role: string };
}

/** Registers an account and answers its session cookie and user. */
export async function signUp(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<TestAccount> {
  const account = newAccount(overrides);
  const response = await inject(app, {
    method: 'POST',
    url: '/api/auth/register',
    payload: account,
  });
  expect(response.statusCode, response.body).toBe(201);
  return {
    account,
    cookie: sessionCookie(response)!,
    user: response.json().user as { id: string; role: string },
  };
}

/** Admins cannot sign up; tests promote an account directly in the database. */
export async function promoteToAdmin(app: FastifyInstance, userId: string) {
  const { users } = await import('../db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
}

/**
 * Marks an account's email and phone confirmed, as their link and code would: accounts signed up
 * by tests start unconfirmed, and only confirmed contacts get notification emails and texts.
 */
export async function confirmContacts(
  app: FastifyInstance,
  userId: string,
  which: { email?: boolean; phone?: boolean } = { email: true, phone: true },
) {
  const { users } = await import('../db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  await app.database.db
    .update(users)
    .set({
      ...(which.email ? { emailVerifiedAt: new Date() } : {}),
      ...(which.phone ? { phoneVerifiedAt: new Date() } : {}),
    })
    .where(eq(users.id, userId));
}

/** Sends what the delivery queue holds now, as the app's dispatcher would on its next wake. */
export async function drainDeliveries(app: FastifyInstance) {
  const { createDispatcher } = await import('../modules/deliveries/index.ts');
  await createDispatcher(app.database, app.senders, app.log).drain();
}
