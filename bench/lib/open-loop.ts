/**
 * An open-loop load generator: requests leave at a fixed rate, evenly spaced, whether or not the
 * earlier ones have been answered, as independent users' requests do. (autocannon's rate option
 * sends each second's quota at once at the start of the second, and closed-loop connections slow
 * down with the server they measure.) Latency counts from the moment a request was due, so a
 * generator that falls behind does not hide the wait.
 */
import { summarize, type Summary } from './stats.ts';

export interface Shot {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Called with each answer (status 0 when none came). */
  onAnswer?: (status: number, body: string) => void;
}

export interface OpenLoopResult {
  rate: number;
  sent: number;
  /** Answers per second over the step (its length, or until the last answer if later). */
  achieved: number;
  /** Of every answered request, whatever its status. */
  latency: Summary;
  statuses: Map<number, number>;
  /** Answers outside 2xx. */
  non2xx: number;
  /** No answer: refused, reset, or timed out. */
  errors: number;
  /** (non2xx + errors) / sent. */
  errorShare: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function openLoop(
  baseUrl: string,
  rate: number,
  seconds: number,
  next: () => Shot,
  timeoutMs = 10_000,
): Promise<OpenLoopResult> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  let errors = 0;
  let lastAnswer = 0;
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const start = performance.now();

  const fire = (due: number) => {
    const shot = next();
    const done = (async () => {
      let status = 0;
      let text = '';
      try {
        const response = await fetch(baseUrl + shot.path, {
          method: shot.method,
          headers: shot.headers ?? {},
          ...(shot.body === undefined ? {} : { body: shot.body }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        text = await response.text();
        const end = performance.now();
        latencies.push(end - due);
        lastAnswer = end;
      } catch {
        errors += 1;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      shot.onAnswer?.(status, text);
    })();
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };

  while (sent < total) {
    const now = performance.now();
    // Every request due by now leaves now; the latency still counts from when it was due.
    while (sent < total && start + sent * interval <= now) {
      fire(start + sent * interval);
      sent += 1;
    }
    if (sent < total) await sleep(Math.max(0, start + sent * interval - performance.now()));
  }
  await Promise.all(inFlight);

  const answered = latencies.length;
  const non2xx = [...statuses].reduce(
    (sum, [status, n]) => sum + (status !== 0 && (status < 200 || status > 299) ? n : 0),
    0,
  );
  const elapsed = Math.max(seconds * 1000, lastAnswer - start);
  return {
    rate,
    sent,
    achieved: (answered / elapsed) * 1000,
    latency: summarize(latencies),
    statuses,
    non2xx,
    errors,
    errorShare: (non2xx + errors) / Math.max(1, sent),
  };
}
