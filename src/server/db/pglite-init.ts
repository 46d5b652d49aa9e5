import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Whether the folder holds an embedded database already (its PG_VERSION file). */
export const hasCluster = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'));

// Beside this module: the .js once built, else the .ts, which the child runs through tsx (as
// `npm run dev` runs the server; the tests' runner compiles in its own process only).
const extension = path.extname(fileURLToPath(import.meta.url));
const childModule = fileURLToPath(new URL(`./pglite-init-child${extension}`, import.meta.url));
const childOptions =
  extension === '.ts' && !process.execArgv.some((arg) => arg.includes('tsx'))
    ? [...process.execArgv, '--import', 'tsx']
    : process.execArgv;

/**
 * Creates the embedded database in `dataDir` and applies the migrations in a child process that
 * then exits (pglite-init-child.ts), with this process's Node options. Rejects with the child's
 * error output when it fails.
 */
export function createInChildProcess(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(childModule, [dataDir], {
      execArgv: childOptions,
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    let errors = '';
    child.stderr?.setEncoding('utf8').on('data', (text: string) => (errors += text));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0 && hasCluster(dataDir)) resolve();
      else
        reject(
          new Error(
            `could not create the embedded database in ${dataDir} (${signal ?? `exit ${code}`}): ${errors.trim()}`,
          ),
        );
    });
  });
}
