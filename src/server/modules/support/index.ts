/*
 * The public face of the support module: app.ts imports only this file (lint rule
 * layers/no-module-internals).
 */
export { createSupportService, type SupportService, type AuditAct } from './support.service.ts';
export { supportRoutes } from './support.routes.ts';
