/** The fields of a Chromium trace event read here. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Clock time, µs. */
  dur?: number;
  /** The thread's own CPU time, µs. */
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadTime {
  /** The tasks' clock time: what Lighthouse's simulation multiplies. */
  clockMs: number;
  /** The CPU the thread itself got in them. */
  cpuMs: number;
}

/**
 * The page's main thread in a trace (the renderer main thread with the most task time: a service
 * worker's renderer has one too): the clock time of its tasks and the CPU time it got in them.
 * Their quotient is how long the thread waited for a core, which Lighthouse's CPU benchmark (a
 * short loop in an idle tab) does not see (docs/benchmarks.md, "Why the calibration does not
 * hold"). Null for a trace without such a thread.
 */
export function mainThreadTime(events: readonly TraceEvent[]): MainThreadTime | null {
  const mains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, MainThreadTime>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.name !== 'RunTask' || event.ph !== 'X' || !mains.has(thread)) continue;
    const time = byThread.get(thread) ?? { clockMs: 0, cpuMs: 0 };
    time.clockMs += (event.dur ?? 0) / 1000;
    time.cpuMs += (event.tdur ?? 0) / 1000;
    byThread.set(thread, time);
  }
  let busiest: MainThreadTime | null = null;
  for (const time of byThread.values())
    if (!busiest || time.clockMs > busiest.clockMs) busiest = time;
  return busiest;
}
