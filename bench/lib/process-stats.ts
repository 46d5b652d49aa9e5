import { readFileSync } from 'node:fs';

/** Memory of another process from /proc (Linux), in MiB: resident now and its peak. */
export function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
  return { rssMb: kib('VmRSS') / 1024, peakMb: kib('VmHWM') / 1024 };
}

const TICKS_PER_SECOND = 100;

/** Seconds of CPU (user + system) another process has used so far, from /proc/<pid>/stat. */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name in parentheses may hold spaces: count the fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}
