/**
 * The CPU slowdown that makes any host emulate the same phone (docs/benchmarks.md, "Web pages
 * (Lighthouse)").
 *
 * Lighthouse's simulated throttling multiplies the main-thread time it observed on the host by
 * `cpuSlowdownMultiplier`, and the host's time scales as 1 ÷ its benchmark index, so the phone a
 * run emulates has the index `hostIndex ÷ multiplier`. Holding that quotient fixed holds the phone.
 */

/** Lighthouse's calibration puts its mobile preset's 4× on a host of this benchmark index. */
export const REFERENCE_HOST_INDEX = 1533;
/** The mobile preset's CPU slowdown, what `--no-calibrate` keeps. */
export const DEFAULT_MULTIPLIER = 4;
/** The mid-tier phone every calibrated run emulates: the reference host slowed 4× (≈ 383). */
export const TARGET_PHONE_INDEX = REFERENCE_HOST_INDEX / DEFAULT_MULTIPLIER;

/**
 * The multiplier that turns a host of `hostIndex` into the target phone, to 0.01. A host slower
 * than the phone is not slowed at all (1×): it then emulates a slower phone than the target.
 */
export function calibratedMultiplier(hostIndex: number, phoneIndex = TARGET_PHONE_INDEX): number {
  if (!(Number.isFinite(hostIndex) && hostIndex > 0))
    throw new Error(`benchmark index must be a positive number, got ${hostIndex}`);
  if (!(Number.isFinite(phoneIndex) && phoneIndex > 0))
    throw new Error(`target phone index must be a positive number, got ${phoneIndex}`);
  return Math.max(1, Math.round((hostIndex / phoneIndex) * 100) / 100);
}

/** The benchmark index of the phone a run emulated: the host's index slowed by the multiplier. */
export const emulatedIndex = (hostIndex: number, multiplier: number) => hostIndex / multiplier;

/** The value of `--cpu-multiplier`: a number of at least 1 (Lighthouse cannot speed a CPU up). */
export function parseMultiplier(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 1)
    throw new Error(`--cpu-multiplier must be a number ≥ 1, got "${text}"`);
  return value;
}

/**
 * The multiplier that emulates the same phone once the run's own waiting is taken out: Lighthouse
 * multiplies the main thread's clock time, and on a host whose cores are shared the thread's tasks
 * took `clockMs ÷ cpuMs` times the CPU they got (bench/lib/main-thread.ts), which the index, taken
 * in an idle tab, does not see. A phone's main thread has a core of its own, so the multiplier is
 * divided by that quotient: the phone's slowdown applies to the work, not to the wait. Never
 * below 1, and the multiplier unchanged without a figure to correct it by.
 */
export function waitCorrectedMultiplier(
  multiplier: number,
  mainThread: { clockMs: number; cpuMs: number } | null,
): number {
  if (!mainThread || !(mainThread.cpuMs > 0) || !(mainThread.clockMs >= mainThread.cpuMs))
    return multiplier;
  return Math.max(
    1,
    Math.round(((multiplier * mainThread.cpuMs) / mainThread.clockMs) * 100) / 100,
  );
}
