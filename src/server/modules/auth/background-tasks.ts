import type { FastifyBaseLogger } from 'fastify';

/**
 * Work started after the answer has gone out, so how long it takes tells the client nothing.
 * A failure is logged; `settle()` waits for whatever is still running (the app does so at close).
 */
export function createBackgroundTasks(log: Pick<FastifyBaseLogger, 'error'>) {
  const running = new Set<Promise<void>>();
  return {
    run(name: string, task: () => Promise<void>): void {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err, task: name }, 'background task failed'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settle(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
