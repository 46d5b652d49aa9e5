import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { hasDemoAccounts } from './db/seed/demo-accounts.ts';
import { seedDemoData } from './db/seed/seed.ts';
import { refuseDemoAccountsOnPublicServer } from './demo-guard.ts';
import { createEventBus, type EventBus } from './events/event-bus.ts';
import { registerAccessControl } from './http/access.ts';
import { registerCacheControl } from './http/cache-control.ts';
import { registerApiDocs } from './http/docs.ts';
import { frameworkErrors, registerErrorHandling } from './http/errors.ts';
import { logSerializers } from './http/log-redaction.ts';
import { OneLinePerRequest } from './http/request-log.ts';
import { registerSecurity } from './http/security.ts';
import {
  responseSerializerCompiler,
  serializerModeFor,
  type SerializerMode,
} from './http/serializer.ts';
import { trustProxyOption } from './http/trust-proxy.ts';
import { registerWebApp } from './http/web.ts';
import {
  registerAccountChanges,
  authRoutes,
  createAuthService,
  secondFactorRoutes,
  routeLimits,
  addressKey,
  userLimit,
  readSessionToken,
} from './modules/auth/index.ts';
import { createHousekeeping } from './jobs/housekeeping.ts';
import { createScheduler, type Job } from './jobs/scheduler.ts';
import { contactsRoutes, createContactsService } from './modules/contacts/index.ts';
import { createBusinessAccess, createTeamService, teamRoutes } from './modules/team/index.ts';
import { createFleetService, fleetRoutes } from './modules/fleet/index.ts';
import { createHelpRequestsService, helpRequestsRoutes } from './modules/help-requests/index.ts';
import { adminRoutes, createAdminService, recordAdminAct } from './modules/admin/index.ts';
import { createSupportService, supportRoutes } from './modules/support/index.ts';
import { createReportsService, reportsRoutes } from './modules/reports/index.ts';
import { apiTokensRoutes, createApiTokensService } from './modules/api-tokens/index.ts';
import { registerBilling, type Billing } from './modules/billing/index.ts';
import {
  bookingsRoutes,
  createBookingsService,
  shareLinksRoutes,
  createShareLinksService,
  useCardGateway,
} from './modules/bookings/index.ts';
import { reviewsRoutes, createReviewsService } from './modules/reviews/index.ts';
import { eventsRoutes, type EventsRouteOptions } from './modules/events/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { registerDraining } from './http/draining.ts';
import { createReadReplicas, type ReadReplicas } from './db/read-replicas.ts';
import { registerReadYourWrites } from './http/read-your-writes.ts';
import {
  mailRoutes,
  createMailer,
  refuseOutboxOnPublicServer,
  createSmsSender,
  createSmsInbound,
  smsRoutes,
  SMS_INBOUND_PATH,
  type SmsSender,
} from './modules/mail/index.ts';
import { metaRoutes } from './modules/meta/index.ts';
import { notificationsRoutes, preferencesRoutes } from './modules/notifications/index.ts';
import { createPushService, pushRoutes, type PushService } from './modules/push/index.ts';
import { createDispatcher, deliveriesRoutes, type Senders } from './modules/deliveries/index.ts';
import { isPublicServer } from './public-address.ts';
import { registerWebhooks, webhookEvents } from './modules/webhooks/index.ts';
import {
  providersRoutes,
  providerPhotoRoutes,
  createProvidersService,
  createSearchCache,
  alongRouteRoutes,
  createAlongRouteService,
} from './modules/providers/index.ts';
import {
  usersRoutes,
  accountDeletionRoutes,
  createAccountDeletionService,
  createUsersService,
} from './modules/users/index.ts';
import { webDistDir } from './paths.ts';
import { databaseFileStorage, importUploadsFolder } from './storage/file-storage.ts';
import { s3FileStorage } from './storage/s3-file-storage.ts';
import { multipartLimits } from './storage/image-upload.ts';
import { createUploadsService } from './storage/uploads.service.ts';
import { uploadsRoutes } from './storage/uploads.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** Where reads that may lag a little go (db/read-replicas.ts): a replica, else the primary. */
    reads: Pick<ReadReplicas, 'reader' | 'status'>;
    /** Announcements between app servers (tests wait until what was committed has been heard). */
    events: EventBus;
    /** The payment gateway and the billing jobs (tests run the jobs at a chosen time). */
    billing: Billing;
    /** Help requests widen through this job (tests run it at a chosen time). */
    helpEscalation: Job;
    /** Whether every answer goes through its zod schema (`checked` serializers, http/serializer.ts). */
    checksAnswers: boolean;
    /** Web Push: subscriptions and the sender (the deliveries dispatcher sends through it). */
    push: PushService;
    /** Texts: Twilio with its keys, the outbox without (the deliveries dispatcher sends through it). */
    sms: SmsSender;
    /** What the delivery queue sends with (tests start their own dispatchers with these). */
    senders: Senders;
  }
}

export interface BuildOptions {
  /** An already opened database (tests share one); otherwise opened from the config. */
  database?: DatabaseHandle;
  webDir?: string;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The event stream's heartbeat and caps (tests shorten the heartbeat). */
  events?: Pick<EventsRouteOptions, 'heartbeatMs' | 'maxPerUser' | 'maxPerAddress'>;
  /** How answers are serialized; by default checked by zod except in production. */
  serializer?: SerializerMode;
}

const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
/** Memory for cached search answers per app server (their text and compressed bodies). */
const SEARCH_CACHE_BYTES = 32 * 2 ** 20;

/** The whole server: used by main.ts and by every API test through `app.inject()`. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  refuseOutboxOnPublicServer(config);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: logSerializers,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: (req) =>
      (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors,
    logController: new OneLinePerRequest(),
  });
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      listenUrl: config.databaseListenUrl,
      namedStatements: config.databasePreparedStatements,
    }));
  app.decorate('database', database);
  registerDraining(app);
  const reads =
    config.databaseReadUrls.length > 0
      ? createReadReplicas(config.databaseReadUrls, database.db, {
          maxLagSeconds: config.readMaxLagSeconds,
          poolSize: config.databasePoolSize,
        })
      : null;
  app.decorate('reads', {
    reader: (fresh = false) => reads?.reader(fresh) ?? database.db,
    status: () => reads?.status() ?? [],
  });
  if (reads) {
    registerReadYourWrites(app, config.readMaxLagSeconds);
    app.addHook('onClose', () => reads.close());
  }
  try {
    await refuseDemoAccountsOnPublicServer(config, database.db);
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }

  // While closing, answers ask the client to drop its keep-alive connection, so the server can finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  const events = createEventBus(database, app.log);
  app.decorate('events', events);
  const searchCache = createSearchCache({
    ttlMs: config.searchCacheSeconds * 1000,
    maxBytes: SEARCH_CACHE_BYTES,
    caughtUp: () => events.caughtUp(),
  });
  events.onProviderChanges((change) => searchCache.dropAffected(change));
  events.onGap(() => searchCache.clear());
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
  const serializerMode = options.serializer ?? serializerModeFor(config.env);
  app.setSerializerCompiler(responseSerializerCompiler(serializerMode));
  app.decorate('checksAnswers', serializerMode === 'checked');

  await registerSecurity(app, config);
  await app.register(cookie);
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
  const sms = createSmsSender(database.db, { twilio: config.twilio });
  app.decorate('sms', sms);
  const contacts = createContactsService({
    db: database.db,
    config,
    mailer,
    sms,
    log: app.log,
  });
  app.addHook('preClose', () => contacts.settle());
  const auth = createAuthService(database.db, config, mailer, app.log, contacts.issueEmailLink);
  app.addHook('preClose', () => auth.settle());
  const limits = routeLimits(config.routeRateLimitScale);
  const accessControl = registerAccessControl(app, {
    authenticate: async (request) => {
      const token = readSessionToken(request);
      return token ? auth.resolve(token) : null;
    },
    apiTokenLimits: {
      perMinute: config.apiTokenRateLimitPerMinute,
      failuresPerMinute: config.rateLimitPerMinute,
      clientKey: (request) => addressKey(request.ip),
    },
  });
  registerCacheControl(app);

  const webServed = config.serveWeb
    ? await registerWebApp(app, options.webDir ?? webDistDir)
    : false;
  registerErrorHandling(app, { spaFallback: webServed });

  healthRoutes(app, database);
  authRoutes(app, auth, limits);
  secondFactorRoutes(app, auth);
  const accountChanges = registerAccountChanges(app, { db: database.db, config, mailer });
  const storage = config.uploadsBucket
    ? s3FileStorage(config.uploadsBucket)
    : databaseFileStorage(database.db);
  if (config.dataDir !== 'memory://') {
    const copied = await importUploadsFolder(config.dataDir, storage, database.db);
    if (copied > 0)
      app.log.info({ copied }, 'uploads copied from the data folder into their store');
  }
  const uploads = createUploadsService(storage, {
    quotaBytes: config.uploadQuotaBytes,
    log: app.log,
  });
  const providers = createProvidersService(
    database.db,
    events,
    undefined,
    uploads,
    contacts.issueEmailLink,
  );
  // Only the routes that take a photo parse multipart bodies and carry its per-request hooks.
  await app.register(async (withUploads) => {
    await withUploads.register(multipart, { limits: multipartLimits(config.uploadMaxBytes) });
    usersRoutes(
      withUploads,
      createUsersService(database.db, app.log, accountChanges.requestEmailChangeByAdmin),
      uploads,
      config.uploadMaxBytes,
    );
    providerPhotoRoutes(withUploads, providers, uploads, config.uploadMaxBytes);
  });
  providersRoutes(app, providers, auth, limits, searchCache);
  alongRouteRoutes(app, createAlongRouteService(database.db, { routingUrl: config.routingUrl }));
  contactsRoutes(app, contacts, {
    emailLink: userLimit(app, 'emailLink', config.routeRateLimitScale),
    phoneCode: userLimit(app, 'phoneCode', config.routeRateLimitScale),
  });
  uploadsRoutes(app, storage);
  const billing = await registerBilling(app, {
    config,
    db: database.db,
    events,
    sms,
  });
  app.decorate('billing', billing);
  // A booking says whether its provider takes cards on this server's gateway.
  useCardGateway(billing.gateway.mode);
  accountDeletionRoutes(
    app,
    createAccountDeletionService({
      db: database.db,
      events,
      confirmPassword: auth.confirmPassword,
      endPlansNow: billing.endPlansNow,
      findCustomer: billing.findCustomer,
      deleteCustomer: billing.deleteCustomer,
      removeUploads: uploads.removeAll,
      log: app.log,
    }),
  );
  // For which business a mechanic, dispatcher or technician acts, and what its plan includes.
  const businessAccess = createBusinessAccess(billing.planOf);
  teamRoutes(
    app,
    createTeamService({
      db: database.db,
      access: businessAccess,
      mailer,
      publicUrl: config.publicUrl,
      startSession: auth.startSession,
    }),
    limits,
    userLimit(app, 'teamInvite', config.routeRateLimitScale),
  );
  const bookings = createBookingsService(
    database.db,
    events,
    billing.planOf,
    businessAccess,
    webhookEvents,
  );
  bookingsRoutes(app, bookings, userLimit(app, 'booking', config.routeRateLimitScale));
  shareLinksRoutes(app, createShareLinksService(database.db, bookings));
  const help = createHelpRequestsService(database.db, events, bookings, {
    escalateAfterMs: config.helpEscalateMs,
    headStartMs: config.helpPriorityHeadStartMs,
    planOf: billing.planOf,
    businessAccess,
    webhooks: webhookEvents,
  });
  helpRequestsRoutes(app, help, userLimit(app, 'helpRequest', config.routeRateLimitScale));
  app.decorate('helpEscalation', help.escalationJob);
  reviewsRoutes(app, createReviewsService(database.db, events, bookings, webhookEvents));
  fleetRoutes(app, createFleetService(database.db, businessAccess));
  const admin = createAdminService({
    db: database.db,
    events,
    mailer,
    auth,
    providers,
    bookings,
    payments: billing.payments,
    log: app.log,
  });
  adminRoutes(app, admin);
  supportRoutes(
    app,
    createSupportService(database.db, events, businessAccess, {
      // Naming an account manager is a change to the business (its audit action).
      accountManager: (exec, entry) =>
        recordAdminAct(exec, { ...entry, action: 'provider.update', targetType: 'provider' }),
      reply: (exec, entry) =>
        recordAdminAct(exec, { ...entry, action: 'support.reply', targetType: 'support_request' }),
    }),
    userLimit(app, 'supportRequest', config.routeRateLimitScale),
  );
  const apiTokens = createApiTokensService({
    db: database.db,
    businessAccess,
    gatewayMode: () => billing.gateway.mode,
  });
  apiTokensRoutes(app, apiTokens);
  accessControl.useApiTokens(apiTokens);
  // Signed webhooks: the routes, and a sender woken on commit (LISTEN) and by its sweep job.
  const webhookSender = registerWebhooks(app, {
    database,
    businessAccess,
    publicServer: isPublicServer(config),
    runJobs: config.runJobs,
    sendLimit: userLimit(app, 'webhookTest', config.routeRateLimitScale),
  });
  const reports = createReportsService({
    db: database.db,
    access: businessAccess,
    mailer,
    publicUrl: config.publicUrl,
  });
  reportsRoutes(app, reports);
  app.decorate('statementsJob', reports.statementsJob);
  // Receipt emails carry the receipt's PDF, made when they go out.
  mailer.attachFrom('payment_receipt', billing.receipts.attachment);
  eventsRoutes(app, events, {
    checkSession: async (request) => {
      const token = readSessionToken(request);
      return token ? auth.resolve(token) : null;
    },
    addressKey,
    maxPerUser: config.eventStreamsPerUser,
    maxPerAddress: config.eventStreamsPerAddress,
    ...options.events,
  });
  notificationsRoutes(app, database.db);
  preferencesRoutes(app, database.db);
  const push = await createPushService(database.db, {
    keys: config.vapidKeys,
    subject: config.vapidSubject,
    publicServer: isPublicServer(config),
  });
  pushRoutes(app, push);
  app.decorate('push', push);
  deliveriesRoutes(app, database.db);
  // Queued push messages, emails and texts go out at once on commit (LISTEN) and on the
  // scheduler's sweep.
  const senders: Senders = { push, mailer, sms, publicUrl: config.publicUrl };
  app.decorate('senders', senders);
  const dispatcher = createDispatcher(database, senders, app.log);
  mailRoutes(app, database.db, (actor, what) => admin.recordRead(actor, 'outbox.read', what));
  await smsRoutes(
    app,
    createSmsInbound(database.db, {
      twilio: config.twilio,
      publicUrl: config.publicUrl,
      path: SMS_INBOUND_PATH,
    }),
  );
  metaRoutes(app, mailer, sms, billing.gateway, () => hasDemoAccounts(database.db));

  const runHousekeeping = createHousekeeping(database.db, auth);
  const housekeeping = setInterval(() => {
    runHousekeeping().catch((err: unknown) => app.log.warn({ err }, 'housekeeping failed'));
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
  const scheduler = createScheduler(
    database.db,
    app.log,
    [
      ...billing.jobs,
      help.escalationJob,
      dispatcher.sweepJob,
      webhookSender.job,
      reports.statementsJob,
    ],
    { tickMs: config.jobTickMs },
  );
  if (config.runJobs)
    app.addHook('onReady', async () => {
      await dispatcher.start();
      scheduler.start();
    });
  app.addHook('preClose', async () => {
    await scheduler.stop();
    await dispatcher.stop();
  });
  app.addHook('onClose', async () => {
    clearInterval(housekeeping);
    clearInterval(mailQueue);
  });

  return app;
}
