/*
 * The public face of the providers module: other modules, app.ts, jobs and seed code import only this
 * file (lint rule layers/no-module-internals; docs/architecture.md). Functions taking an
 * `Executor` run on the caller's `db` or inside its transaction (`tx`).
 */
export { providersRoutes } from './providers.routes.ts';
export { providerPhotoRoutes } from './provider-photo.routes.ts';
export { createProvidersService, type ProvidersService } from './providers.service.ts';
export { createSearchCache } from './search-cache.ts';
export { alongRouteRoutes } from './along-route.routes.ts';
export { createAlongRouteService } from './along-route.service.ts';

// Reads of service_providers for other modules.
export { findProviderById, isListed, searchProviders } from './search.repository.ts';
export {
  findBusinessId,
  findProviderByUser,
  providerColumns,
  toPendingChanges,
  toProvider,
} from './providers.repository.ts';

// The only writers of service_providers outside this module's own services.
export {
  deleteBusiness,
  insertProvider,
  refreshProviderRating,
  retireBusiness,
  setBusinessSuspension,
} from './providers.repository.ts';
