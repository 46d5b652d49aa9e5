/*
 * The public face of the fleet module: app.ts imports only this file (lint rule
 * layers/no-module-internals; docs/architecture.md).
 */
export { fleetRoutes } from './fleet.routes.ts';
export { createFleetService, type FleetService } from './fleet.service.ts';
