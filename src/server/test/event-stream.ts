import type { ServerEvent, ServerEvents } from '../../core/events.ts';

/** Reads GET /api/events like a browser would, keeping every event it receives. */
export async function openEventStream(baseUrl: string, cookie?: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: cookie ? { cookie } : {},
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`stream: ${response.status}`);
  const received: ServerEvent[] = [];
  const waiters = new Set<() => void>();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  const end = (async () => {
    try {
      const reader = response.body!.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (type && data) received.push({ type, data: JSON.parse(data) } as ServerEvent);
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted by close()
    }
    ended = true;
    for (const wake of waiters) wake();
  })();

  return {
    headers: response.headers,
    received,
    /** The first event of `type` matching `test`, waiting up to `ms`. */
    async next<T extends keyof ServerEvents>(
      type: T,
      test: (data: ServerEvents[T]) => boolean = () => true,
      ms = 5_000,
    ): Promise<ServerEvents[T]> {
      const find = () => {
        const event = received.find((e) => e.type === type && test(e.data as ServerEvents[T]));
        return event as { data: ServerEvents[T] } | undefined;
      };
      const deadline = Date.now() + ms;
      while (!find()) {
        if (Date.now() > deadline) throw new Error(`no ${type} event within ${ms} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 50);
        });
      }
      return find()!.data;
    },
    /** True once the server ended the stream (or `close()` dropped it). */
    get ended() {
      return ended;
    },
    /** Resolves when the server ends the stream, failing after `ms`. */
    async ends(ms = 5_000): Promise<void> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`stream still open after ${ms} ms`)), ms);
      });
      try {
        await Promise.race([end, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => controller.abort(),
  };
}
