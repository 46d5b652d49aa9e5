import { describe, expect, it } from 'vitest';
import { mainThreadTime, type TraceEvent } from './main-thread.ts';

const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  args: { name },
});
const task = (pid: number, tid: number, dur: number, tdur: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  dur,
  tdur,
});

describe('mainThreadTime', () => {
  it("sums the page's main-thread tasks, clock and CPU, in milliseconds", () => {
    const events = [
      thread(1, 1, 'CrRendererMain'),
      thread(1, 2, 'Compositor'),
      // A service worker's renderer, with less work.
      thread(2, 1, 'CrRendererMain'),
      task(1, 1, 100_000, 40_000),
      task(1, 1, 20_000, 20_000),
      task(1, 2, 500_000, 500_000),
      task(2, 1, 30_000, 10_000),
      { name: 'FunctionCall', ph: 'X', pid: 1, tid: 1, dur: 90_000, tdur: 30_000 },
    ];
    expect(mainThreadTime(events)).toEqual({ clockMs: 120, cpuMs: 60 });
  });

  it('answers null for a trace without a renderer main thread', () => {
    expect(mainThreadTime([thread(1, 2, 'Compositor'), task(1, 2, 1000, 1000)])).toBeNull();
  });
});
