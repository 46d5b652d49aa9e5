import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';

/**
 * Lighthouse's audits run again on a run's saved artifacts (its `-A` mode, the run made with
 * `gatherMode` and `auditMode` set to `dir`) with another CPU multiplier. The simulated
 * throttling applies the multiplier only when it audits, so this is the same page load, the same
 * trace and the same network records, emulated on another phone. Lighthouse refuses settings that
 * differ from the gathering's, so the saved settings take the new multiplier too.
 */
export async function auditAgain(
  url: string,
  flags: Flags,
  dir: string,
  cpuSlowdownMultiplier: number,
): Promise<Result> {
  const file = path.join(dir, 'artifacts.json');
  const artifacts = JSON.parse(readFileSync(file, 'utf8')) as {
    settings: { throttling: { cpuSlowdownMultiplier: number } };
  };
  artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdownMultiplier;
  writeFileSync(file, JSON.stringify(artifacts));
  const answer = await lighthouse(url, {
    ...flags,
    gatherMode: false,
    auditMode: dir,
    throttling: { ...flags.throttling, cpuSlowdownMultiplier },
  });
  if (!answer) throw new Error(`Lighthouse audited nothing again for ${url}`);
  if (answer.lhr.runtimeError)
    throw new Error(
      `${url} audited again: ${answer.lhr.runtimeError.code} ${answer.lhr.runtimeError.message}`,
    );
  return answer.lhr;
}
