import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { finishJob, leaseJob } from './job-runs.repository.ts';

export interface Job {
  name: string;
  /** How often it runs, across all app servers together. */
  intervalMs: number;
  run(now: Date): Promise<void>;
}

/**
 * Runs jobs that must happen once across several app servers (docs/decisions/012): each server
 * ticks, and the one that leases a due job in PostgreSQL runs it. The jobs themselves claim their
 * rows (unique keys, `FOR UPDATE SKIP LOCKED`), so even two runs at once do each thing once.
 */
export function createScheduler(
  db: Database,
  log: FastifyBaseLogger,
  jobs: Job[],
  options: { tickMs: number },
) {
  const runner = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function runDue() {
    for (const job of jobs) {
      const leaseMs = Math.max(job.intervalMs, 60_000);
      if (!(await leaseJob(db, job.name, runner, leaseMs))) continue;
      let error: string | null = null;
      try {
        await job.run(new Date());
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        log.error({ err, job: job.name }, 'scheduled job failed');
      }
      await finishJob(db, job.name, runner, job.intervalMs, error);
    }
  }

  const tick = () => {
    if (running) return;
    running = runDue()
      .catch((err: unknown) => log.warn({ err }, 'scheduler tick failed'))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    start() {
      timer = setInterval(tick, options.tickMs);
      timer.unref();
      tick();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
