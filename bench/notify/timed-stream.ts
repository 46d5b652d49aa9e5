/** Reads GET /api/events like a browser, noting when each event arrived (performance.now()). */
export async function openTimedStream(baseUrl: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`stream: ${response.status}`);
  type Event = { type: string; data: unknown; at: number };
  const received: Event[] = [];
  const waiters = new Set<() => void>();
  void (async () => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (type && data) received.push({ type, data: JSON.parse(data), at });
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // closed
    }
  })();
  return {
    /** When the first event matching `test` arrived; waits up to 15 s for it. */
    async when(test: (event: Event) => boolean): Promise<number> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const found = received.find(test);
        if (found) return found.at;
        if (Date.now() > deadline) throw new Error('no such event within 15 s');
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 50);
        });
      }
    },
    close: () => controller.abort(),
  };
}
