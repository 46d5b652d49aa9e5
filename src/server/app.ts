import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { seedDemoData } from './db/seed/seed.ts';
import { createEventBus } from './events/event-bus.ts';
import { registerAccessControl } from './http/access.ts';
import { registerApiDocs } from './http/docs.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerSecurity } from './http/security.ts';
import { registerWebApp } from './http/web.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { readSessionCookie } from './modules/auth/session-cookie.ts';
import { bookingsRoutes } from './modules/bookings/bookings.routes.ts';
import { createBookingsService } from './modules/bookings/bookings.service.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { metaRoutes } from './modules/meta/meta.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { providersRoutes } from './modules/providers/providers.routes.ts';
import { providerPhotoRoutes } from './modules/providers/provider-photo.routes.ts';
import { createProvidersService } from './modules/providers/providers.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { webDistDir } from './paths.ts';
import { localFileStorage } from './storage/file-storage.ts';
import { uploadsRoutes } from './storage/uploads.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

export interface BuildOptions {
  /** An already opened database (tests share one); otherwise opened from the config. */
  database?: DatabaseHandle;
  webDir?: string;
}

const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

/** The whole server: used by main.ts and by every API test through `app.inject()`. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: (req) =>
      (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    }));
  app.decorate('database', database);

  // While closing, answers ask the client to drop its keep-alive connection, so the server can finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const events = createEventBus(database, app.log);
  await events.start();
  app.addHook('onClose', async () => {
    await events.close();
    if (!options.database) await database.close();
  });

  if (config.seedDemo) {
    const seeded = await seedDemoData(database.db);
    if (seeded) app.log.info(seeded, 'seeded demo data into an empty database');
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await registerSecurity(app, config);
  await app.register(cookie);
  await app.register(multipart);
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await registerApiDocs(app);

  const mailer = createMailer(database.db, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
  });
  const auth = createAuthService(database.db, config, mailer);
  registerAccessControl(app, {
    authenticate: async (request) => {
      const token = readSessionCookie(request);
      return token ? auth.resolve(token) : null;
    },
  });

  const webServed = config.serveWeb
    ? await registerWebApp(app, options.webDir ?? webDistDir)
    : false;
  registerErrorHandling(app, { spaFallback: webServed });

  healthRoutes(app, database);
  authRoutes(app, auth);
  const storage = localFileStorage(config.dataDir);
  usersRoutes(app, createUsersService(database.db), storage, config.uploadMaxBytes);
  const providers = createProvidersService(database.db, events);
  providersRoutes(app, providers, auth);
  providerPhotoRoutes(app, providers, storage, config.uploadMaxBytes);
  uploadsRoutes(app, storage);
  bookingsRoutes(app, createBookingsService(database.db, events));
  eventsRoutes(app, events);
  notificationsRoutes(app, database.db);
  mailRoutes(app, database.db);
  metaRoutes(app, mailer);

  const housekeeping = setInterval(() => {
    auth.prune().catch((err: unknown) => app.log.warn({ err }, 'session housekeeping failed'));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();
  // Notification emails are queued inside their transactions; with SMTP this sends them.
  const mailQueue =
    mailer.mode === 'smtp'
      ? setInterval(() => {
          mailer
            .deliverQueued()
            .catch((err: unknown) => app.log.warn({ err }, 'email queue failed'));
        }, config.mailQueueIntervalMs)
      : undefined;
  mailQueue?.unref();
  app.addHook('onClose', async () => {
    clearInterval(housekeeping);
    clearInterval(mailQueue);
  });

  return app;
}
