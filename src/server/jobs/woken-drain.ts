import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Listening } from '../db/client.ts';

/**
 * A queue's drain, woken by every commit that notifies `channel` (LISTEN) and by the caller (its
 * sweep job, a test). `wake()` runs a drain now, or one more after the running one: its promise
 * resolves once a drain that began after the call has finished; callers waiting together share it.
 */
export function createWokenDrain(
  database: DatabaseHandle,
  options: { channel: string; drain: () => Promise<void>; log: FastifyBaseLogger; what: string },
) {
  let listening: Listening | undefined;
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  let stopped = false;

  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (!running) {
      running = options
        .drain()
        .catch((err: unknown) => options.log.warn({ err }, `${options.what} failed`))
        .finally(() => {
          running = undefined;
        });
      return running;
    }
    queued ??= running.then(() => {
      queued = undefined;
      return wake();
    });
    return queued;
  }

  return {
    wake,
    /** Listens on the channel; each commit that queued work wakes a drain. */
    async start() {
      listening = await database.listen(
        options.channel,
        () => void wake(),
        () => void wake(),
      );
      void wake();
    },
    async stop() {
      stopped = true;
      await listening?.stop();
      listening = undefined;
      await queued;
      await running;
    },
  };
}
