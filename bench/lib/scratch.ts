import { runOnce } from '../../src/server/db/run-once.ts';

const started = performance.now();

/** A line on stderr with the seconds since the bench started (the figures go to stdout). */
export const progress = (text: string) =>
  process.stderr.write(
    `[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${text}\n`,
  );

/**
 * A throw-away database named `<prefix>_<suffix>` on the PostgreSQL server at `serverUrl`, dropped
 * afterwards whatever happens (also on Ctrl-C), unless `keep` is set.
 */
export async function withScratchDatabase<T>(
  serverUrl: string,
  fn: (url: string) => Promise<T>,
  options: { name: string; keep?: boolean },
): Promise<T> {
  const { name } = options;
  const admin = (statement: string) => runOnce(serverUrl, statement);
  await admin(`create database ${name}`);
  progress(`PostgreSQL: created database ${name}`);
  const drop = () => admin(`drop database if exists ${name} with (force)`);
  const onSignal = () => {
    progress(`interrupted: dropping ${name}`);
    drop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (options.keep) progress(`PostgreSQL: kept database ${name} (--keep-database)`);
    else {
      await drop();
      progress(`PostgreSQL: dropped database ${name}`);
    }
  }
}
