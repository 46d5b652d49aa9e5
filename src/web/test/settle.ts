import type { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';

const macrotask = () => new Promise((resolve) => setTimeout(resolve, 0));
const busy = (client: QueryClient | null) =>
  client !== null && client.isFetching() + client.isMutating() > 0;

/**
 * Waits until `client` has nothing in flight (no query fetching, no mutation running), `until`
 * holds, and React has rendered it all, however long the machine takes: testing-library's
 * `findBy…` and `waitFor` give up after one second of clock time, which a busy machine exceeds
 * (docs/decisions/041-tests-that-hold-on-a-busy-machine.md). A hang still ends at the test's
 * timeout.
 *
 * Inside `act`, React renders only when the callback ends, so a query that a render enables (a
 * dependent query, a newly mounted component) starts after it, and `until` (which may read the
 * screen) is checked after it: the loop goes round until a render starts nothing new and `until`
 * holds. The query cache tells its observers in a `setTimeout(0)` of its own, so one more
 * macrotask after the last answer lets that run before React renders.
 *
 * `client` is null for work outside TanStack Query (a lazy module, a debounce, a plain promise);
 * then `until` names the event to wait for.
 */
export async function settle(
  client: QueryClient | null,
  until: () => boolean = () => true,
): Promise<void> {
  do {
    await act(async () => {
      do await macrotask();
      while (busy(client));
      await macrotask();
    });
  } while (busy(client) || !until());
}
