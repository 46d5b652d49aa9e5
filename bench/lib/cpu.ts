import { readFileSync, readdirSync } from 'node:fs';
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

/** User + system CPU seconds of a process so far, from /proc (NaN elsewhere). */
export function processCpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU seconds of a process and of all its children so far, those that exited included (their time
 * is added to the parent's once it has waited for them): a PostgreSQL server's postmaster and
 * its backends, say. Linux only (NaN elsewhere).
 */
export function processTreeCpuSeconds(pid: number): number {
  try {
    const fieldsOf = (id: number | string) => {
      const stat = readFileSync(`/proc/${id}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    };
    const own = fieldsOf(pid);
    // utime, stime, cutime, cstime: fields 14–17 of stat(5).
    let ticks = own.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || Number(entry) === pid) continue;
      try {
        const fields = fieldsOf(entry);
        // ppid is field 4
        if (Number(fields[1]) === pid) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // exited meanwhile
      }
    }
    return ticks / 100;
  } catch {
    return Number.NaN;
  }
}
