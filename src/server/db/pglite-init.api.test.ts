import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, selectRows } from './client.ts';
import { createInChildProcess, hasCluster } from './pglite-init.ts';

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

  it('opening a new folder creates it through the child process', async () => {
    const folder = path.join(scratch, 'opened');
    const handle = await openDatabase({ dataDir: folder });
    const [row] = await selectRows<{ count: number }>(
      handle.db,
      sql`select count(*)::int as count from users`,
    );
    await handle.close();
    expect(row?.count).toBe(0);
    expect(hasCluster(folder)).toBe(true);
  });

  it("says why when the child cannot create it, with the child's own error", async () => {
    const file = path.join(scratch, 'a-file');
    writeFileSync(file, 'not a folder');
    await expect(createInChildProcess(path.join(file, 'data'))).rejects.toThrow(
      /could not create the embedded database in .*a-file\/data \(exit 1\): .*ENOTDIR/s,
    );
  });
});
