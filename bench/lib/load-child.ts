import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadRequest, LoadResult } from './http-load.ts';

const loadScript = fileURLToPath(new URL('./http-load.ts', import.meta.url));

/**
 * autocannon in a child process (bench/lib/http-load.ts), so it does not share an event loop
 * with the server it measures; the child inherits tsx from process.execArgv.
 */
export function loadInChild(request: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(loadScript, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    child.once('message', (message: { ok: boolean; result?: LoadResult; error?: string }) => {
      settled = true;
      if (message.ok && message.result) resolve(message.result);
      else reject(new Error(message.error ?? 'load generator failed'));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(request);
  });
}
