/*
 * The public face of the webhooks module: other modules, app.ts, jobs and seed code import only
 * this file (lint rule layers/no-module-internals; docs/architecture.md). Functions taking an
 * `Executor` run on the caller's `db` or inside its transaction (`tx`).
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { BusinessAccess } from '../team/index.ts';
import { createWebhookSender, type SenderOptions, type WebhookSender } from './sender.ts';
import { webhooksRoutes } from './webhooks.routes.ts';
import { createWebhooksService } from './webhooks.service.ts';

export { emit, webhookEvents, type WebhookEvents } from './emit.ts';
export { createWebhookSender, type WebhookSender } from './sender.ts';
export { verifySignature } from './signing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook sender (tests run `deliverDue(now)` at a chosen time). */
    webhooks: WebhookSender;
  }
}

/**
 * The routes, and the sender that LISTENs for new deliveries while the server runs jobs; its
 * sweep is a scheduler job (`sender.job`).
 */
export function registerWebhooks(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    businessAccess: Pick<BusinessAccess, 'requireSide'>;
    publicServer: boolean;
    runJobs: boolean;
    /** Counts each owner's test events and resends (auth's `userLimit`), when given. */
    sendLimit?: preHandlerAsyncHookHandler;
  } & Partial<Pick<SenderOptions, 'resolve' | 'timeoutMs'>>,
): WebhookSender {
  const { database, publicServer } = deps;
  webhooksRoutes(
    app,
    createWebhooksService(database.db, deps.businessAccess, { publicServer }),
    deps.sendLimit,
  );
  const sender = createWebhookSender(database, {
    publicServer,
    log: app.log,
    resolve: deps.resolve,
    timeoutMs: deps.timeoutMs,
  });
  app.decorate('webhooks', sender);
  if (deps.runJobs) app.addHook('onReady', () => sender.start());
  app.addHook('preClose', () => sender.stop());
  return sender;
}
