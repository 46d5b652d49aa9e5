/*
 * The public face of the api-tokens module: other modules, app.ts, jobs and seed code import only
 * this file (lint rule layers/no-module-internals; docs/architecture.md).
 */
export { apiTokensRoutes } from './api-tokens.routes.ts';
export { createApiTokensService, type ApiTokensService } from './api-tokens.service.ts';
