import { apiUrl } from '#web/api/client.ts';
import { pageApi } from '../shared/qa-api.ts';
import type { ToggleStatus } from './status-toggle.ts';

const byUser = (userId: string) => ({ params: { path: { userId } } });

/** GET /api/service-providers/by-user/{userId}: a mechanic's business, with the page's session. */
export const readBusiness = (userId: string) =>
  pageApi.get('/service-providers/by-user/{userId}', byUser(userId));

/** The address `readBusiness` calls, as the page shows it. */
export const businessPath = (userId: string) =>
  apiUrl('/service-providers/by-user/{userId}', byUser(userId));

/**
 * PUT /api/providers/{id}/status with the page's session; `keepalive` outlives the page, for what
 * must still reach the server while the tab closes.
 */
export const putStatus = (
  providerId: string,
  status: ToggleStatus,
  options: { keepalive?: boolean } = {},
) =>
  pageApi.put('/providers/{id}/status', {
    params: { path: { id: providerId } },
    body: { status },
    ...options,
  });
