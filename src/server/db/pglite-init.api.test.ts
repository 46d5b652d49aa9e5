import { sql } from 'drizzle-orm';
import type * as ChildProcess from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, selectRows } from './client.ts';
import { createInChildProcess, hasCluster } from './pglite-init.ts';

// The real fork, watched: the test can tell the database was made in a child process.
const forked = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock('node:child_process', async (importOriginal) => {
  const actual = await importOriginal<typeof ChildProcess>();
  return {
    ...actual,
    fork: (...args: Parameters<typeof actual.fork>) => {
      forked.calls.push(args);
      return actual.fork(...args);
    },
  };
});

/**
 * A new folder's embedded database is created and migrated in a child process, so the server
 * never holds initdb's memory (docs/decisions/067-embedded-database-made-in-a-child-process.md).
 */
describe('the embedded database in a new folder', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'tf-pglite-init-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('is created and migrated by a child process, then opened and used here, and kept', async () => {
    const folder = path.join(scratch, 'data');
    await createInChildProcess(folder);
    expect(hasCluster(folder)).toBe(true);

    const first = await openDatabase({ dataDir: folder });
    await first.db.execute(
      sql`insert into users (email, password_hash, name, phone, username) values ('kept@example.com', 'x', 'Kept', '+15550100', 'kept')`,
    );
    await first.close();
    // A folder that holds a database is opened as it is: the row is still there.
    const again = await openDatabase({ dataDir: folder });
    const rows = await selectRows<{ name: string }>(
      again.db,
      sql`select name from users where email = 'kept@example.com'`,
    );
    await again.close();
    expect(rows).toEqual([{ name: 'Kept' }]);
  });

  it('opening a new folder creates it through the child process, and only then', async () => {
    const folder = path.join(scratch, 'opened');
    forked.calls.length = 0;
    const handle = await openDatabase({ dataDir: folder });
    expect(forked.calls).toHaveLength(1);
    expect(String(forked.calls[0]?.[0])).toMatch(/pglite-init-child\.(ts|js)$/);
    expect(forked.calls[0]?.[1]).toEqual([folder]);
    const [row] = await selectRows<{ count: number }>(
      handle.db,
      sql`select count(*)::int as count from users`,
    );
    await handle.close();
    expect(row?.count).toBe(0);
    expect(hasCluster(folder)).toBe(true);
    // Opened again, the folder's database is used as it is.
    await (await openDatabase({ dataDir: folder })).close();
    expect(forked.calls).toHaveLength(1);
  });

  it('says why when the child cannot create it, and refuses the half-made folder after', async () => {
    // A file where PostgreSQL makes a folder of its own: initdb fails in the child.
    const folder = path.join(scratch, 'blocked');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'global'), 'not a folder');
    await expect(createInChildProcess(folder)).rejects.toThrow(
      /could not create the embedded database in .*blocked \(exit 1\): .*ErrnoError/s,
    );
    await expect(openDatabase({ dataDir: folder })).rejects.toThrow(
      /the embedded database in .*blocked was not finished/,
    );
  });
});
