/**
 * GET /api/events held open the way the web client holds it (src/web/lib/server-events.ts): a
 * dropped stream is reopened after the server's `retry:` delay, as EventSource does, and a refused
 * one (no answer, or not 200) after a growing delay.
 */
const REOPEN_DELAYS_MS = [1_000, 3_000, 10_000, 30_000];

export interface ReceivedEvent {
  type: string;
  data: unknown;
  at: number;
}

export interface HeldStream {
  readonly events: ReceivedEvent[];
  /** Times (performance.now()) at which the stream opened, the first included. */
  readonly opens: number[];
  /** Times at which an open stream dropped or an attempt was refused. */
  readonly drops: number[];
  readonly isOpen: boolean;
  close(): void;
}

export function holdEventStream(baseUrl: string, headers: Record<string, string> = {}): HeldStream {
  const events: ReceivedEvent[] = [];
  const opens: number[] = [];
  const drops: number[] = [];
  let retryMs = 3_000;
  let refusals = 0;
  let open = false;
  let stopped = false;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (delay: number) => {
    if (!stopped) timer = setTimeout(() => void connect(), delay);
  };

  async function connect() {
    controller = new AbortController();
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/api/events`, { headers, signal: controller.signal });
    } catch {
      drops.push(performance.now());
      schedule(REOPEN_DELAYS_MS[Math.min(refusals++, REOPEN_DELAYS_MS.length - 1)]!);
      return;
    }
    if (response.status !== 200 || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      drops.push(performance.now());
      schedule(REOPEN_DELAYS_MS[Math.min(refusals++, REOPEN_DELAYS_MS.length - 1)]!);
      return;
    }
    refusals = 0;
    open = true;
    opens.push(performance.now());
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = response.body.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const retry = /^retry: (\d+)$/m.exec(block)?.[1];
          if (retry) retryMs = Number(retry);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (type && data) events.push({ type, data: JSON.parse(data), at: performance.now() });
        }
      }
    } catch {
      // dropped, or closed by close()
    }
    open = false;
    if (stopped) return;
    drops.push(performance.now());
    schedule(retryMs);
  }

  void connect();
  return {
    events,
    opens,
    drops,
    get isOpen() {
      return open;
    },
    close() {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
    },
  };
}
