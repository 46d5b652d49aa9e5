import type { ProviderStatus } from '#core/providers/catalog.ts';
import type { Provider } from '#core/providers/schemas.ts';
import { expectStatus, expectThat, type Check, type CheckPass } from '../shared/checks.ts';
import type { QaResponse } from '../shared/qa-api.ts';
import { waitForEvent, type Subscribe } from './event-wait.ts';
import { normaliseStatus, toggleFor, toggleLabels, type ToggleStatus } from './status-toggle.ts';

export interface StatusEvent {
  id: string;
  status: string;
}

export interface CycleContext {
  providerId: string;
  /** Sends PUT /api/providers/{id}/status with `status` and gives back the answer. */
  setStatus: (status: ToggleStatus) => Promise<QaResponse<Provider>>;
  /** The status before the page changed anything: the last check puts it back. */
  original: ProviderStatus;
  subscribe: Subscribe<StatusEvent>;
  isConnected: () => boolean;
  eventTimeoutMs: number;
  /** The original status is back: nothing is left to restore. */
  onRestored?: () => void;
}

/**
 * Sets `status` through PUT /api/providers/{id}/status and waits for the provider-status event
 * that announces it; fails on any other answer, a different stored status, or a missing event.
 */
export async function setStatusAndHear(
  context: CycleContext,
  status: ToggleStatus,
): Promise<CheckPass> {
  const { providerId, subscribe, isConnected, eventTimeoutMs } = context;
  const expected = normaliseStatus(status);
  const connected = isConnected();
  const started = performance.now();
  const wait = waitForEvent(
    subscribe,
    (event) => event.id === providerId && normaliseStatus(event.status) === expected,
    eventTimeoutMs,
  );
  const response = await context.setStatus(status);
  try {
    expectStatus(response, 200);
    expectThat(
      normaliseStatus(response.body?.status ?? '') === expected,
      `The API answered status ${response.body?.status ?? 'nothing'} instead of ${expected}`,
      response,
    );
  } catch (error) {
    wait.cancel();
    throw error;
  }
  const heard = await wait.result;
  expectThat(
    heard,
    connected
      ? `Saved, but no provider-status event arrived within ${eventTimeoutMs / 1000} s`
      : 'Saved, but the live events stream is not connected, so no event was heard',
    response,
  );
  return {
    detail: `Status ${response.body.status}; provider-status event ${Math.round(heard!.at - started)} ms after sending`,
    response,
  };
}

/** The cycle's order: every status once, then the original back. */
export const cycleStatuses: readonly ToggleStatus[] = ['busy', 'en_route', 'offline', 'available'];

export function statusCycleChecks(): Check<CycleContext>[] {
  return [
    ...cycleStatuses.map((status): Check<CycleContext> => ({
      id: `set-${status}`,
      name: `Set ${toggleLabels[status]} and hear the event`,
      run: (context) => setStatusAndHear(context, status),
    })),
    {
      id: 'restore',
      name: 'Restore the original status',
      async run(context) {
        const pass = await setStatusAndHear(context, toggleFor(context.original));
        context.onRestored?.();
        return { ...pass, detail: `Back to ${context.original}. ${pass.detail}` };
      },
    },
  ];
}
