import type { Job } from '../../jobs/scheduler.ts';

/*
 * The public face of the reports module: app.ts imports only this file (lint rule
 * layers/no-module-internals; docs/architecture.md).
 */
export { reportsRoutes } from './reports.routes.ts';
export { createReportsService, type ReportsService } from './reports.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The monthly statements' job (tests run it at a chosen time). */
    statementsJob: Job;
  }
}
