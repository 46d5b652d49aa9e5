import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated in-memory database (absent on PostgreSQL). */
    pgliteTemplate?: string;
  }
}

/**
 * The API tests' global setup (vitest.config.ts): on the embedded database, one database made and
 * migrated for the whole run and dumped to a file, which every test app then starts from
 * (test-app.ts) instead of running initdb and every migration again
 * (docs/decisions/083-api-tests-start-from-a-migrated-dump.md).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const dump = await migratedPgliteDump();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tf-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
