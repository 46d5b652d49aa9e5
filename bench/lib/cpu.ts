import os from 'node:os';

export interface CpuReading {
  /** Share of all cores busy on the machine during the phase (anyone's work). */
  machineBusy: number;
  /** Cores' worth of CPU this Node process used (not its children, not PostgreSQL). */
  processCores: number;
  cores: number;
  /** 1-minute load average when the phase started. */
  loadAtStart: number;
  /** Milliseconds of CPU this process used during the phase. */
  processMs: number;
}

function snapshot() {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.irq + t.idle;
  }
  return { idle, total };
}

/** Starts measuring; call the result to read how busy the machine and this process were. */
export function cpuMeter(): () => CpuReading {
  const before = snapshot();
  const usage = process.cpuUsage();
  const start = performance.now();
  const loadAtStart = os.loadavg()[0] ?? 0;
  return () => {
    const after = snapshot();
    const used = process.cpuUsage(usage);
    const wall = performance.now() - start;
    const total = after.total - before.total;
    return {
      machineBusy: total > 0 ? 1 - (after.idle - before.idle) / total : 0,
      processCores: (used.user + used.system) / 1000 / wall,
      cores: os.cpus().length,
      loadAtStart,
      processMs: (used.user + used.system) / 1000,
    };
  };
}

export const describeCpu = (c: CpuReading) =>
  `machine CPU busy ${Math.round(c.machineBusy * 100)}% of ${c.cores} cores, this Node process ${c.processCores.toFixed(2)} cores, load average ${c.loadAtStart.toFixed(2)} at start`;
