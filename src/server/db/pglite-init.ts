import { fork } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Whether the folder holds an embedded database already (its PG_VERSION file). */
export const hasCluster = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'));

/** Left in the folder while its database is being made, removed once it is whole. */
const CREATING = '.creating';

/** Throws when the folder holds a database whose creation was interrupted. */
export function refuseHalfMade(dataDir: string) {
  if (existsSync(path.join(dataDir, CREATING)))
    throw new Error(
      `the embedded database in ${dataDir} was not finished (its creation was interrupted): move the folder away and start again`,
    );
}

// Beside this module: the .js once built, else the .ts, which the child runs through tsx (as
// `npm run dev` runs the server; the tests' runner compiles in its own process only). A debugger's
// flags stay with this process.
const extension = path.extname(fileURLToPath(import.meta.url));
const childModule = fileURLToPath(new URL(`./pglite-init-child${extension}`, import.meta.url));
const parentOptions = process.execArgv.filter((arg) => !/^--(inspect|debug)/.test(arg));
const childOptions =
  extension === '.ts' && !parentOptions.some((arg) => arg.includes('tsx'))
    ? [...parentOptions, '--import', 'tsx']
    : parentOptions;

/**
 * Creates the embedded database in the folder `dataDir` and applies the migrations in a child
 * process that then exits (pglite-init-child.ts). The folder is marked until the child has
 * finished, so an interrupted creation is refused at the next start rather than opened. Rejects
 * with the child's error output when it fails.
 */
export async function createInChildProcess(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, CREATING), '');
  await new Promise<void>((resolve, reject) => {
    const child = fork(childModule, [dataDir], {
      execArgv: childOptions,
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    let errors = '';
    child.stderr?.setEncoding('utf8').on('data', (text: string) => (errors += text));
    child.on('error', reject);
    // 'close', not 'exit': the child's error output has been read by then.
    child.on('close', (code, signal) => {
      if (code === 0 && hasCluster(dataDir)) {
        rmSync(path.join(dataDir, CREATING), { force: true });
        resolve();
      } else
        reject(
          new Error(
            `could not create the embedded database in ${dataDir} (${signal ?? `exit ${code}`}): ${errors.trim()}`,
          ),
        );
    });
  });
}
