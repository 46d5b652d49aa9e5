import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, selectRows, type DatabaseHandle } from './client.ts';
import { keepParsed, keepsParsed } from './pglite.ts';

/** The embedded database as the app opens it (db/pglite.ts), whatever TEST_DATABASE_URL says. */
describe('the embedded database', () => {
  let handle: DatabaseHandle;
  let client: PGlite;

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    client = (handle.db as unknown as { $client: PGlite }).$client;
  });
  afterAll(() => handle?.close());

  const setting = async (name: string) =>
    (
      await selectRows<{ setting: string; unit: string | null }>(
        handle.db,
        sql`select setting, unit from pg_settings where name = ${name}`,
      )
    )[0];

  it('is sized for a process it shares: 16 MB of buffers, 1 MB WAL segments in memory', async () => {
    expect(await setting('shared_buffers')).toEqual({ setting: '2048', unit: '8kB' });
    expect(await setting('wal_segment_size')).toEqual({ setting: '1048576', unit: 'B' });
    expect(await setting('max_wal_size')).toEqual({ setting: '16', unit: 'MB' });
  });

  const probe = `select $1::int as n, $2::text as t, $3::bool as b, $4::int[] as a,
    $5::timestamptz as at, $6::jsonb as j, $7::numeric as money`;
  const values = [
    7,
    "it's",
    true,
    [1, 2, 3],
    new Date('2026-01-02T03:04:05Z'),
    { x: [1] },
    '12.50',
  ];

  it('answers a kept statement as PGlite answers the same query, in either row mode', async () => {
    const plain = await client.query(probe, values);
    const plainArrays = await client.query(probe, values, { rowMode: 'array' });
    keepParsed(client, probe);
    expect(keepsParsed(client, probe)).toBe(true);
    for (let i = 0; i < 3; i++) {
      expect((await client.query(probe, values)).rows).toEqual(plain.rows);
      expect((await client.query(probe, values, { rowMode: 'array' })).rows).toEqual(
        plainArrays.rows,
      );
    }
    expect((await client.query(probe, [null, null, null, null, null, null, null])).rows).toEqual([
      { n: null, t: null, b: null, a: null, at: null, j: null, money: null },
    ]);
    const statements = await client.query<{ statement: string }>(
      'select statement from pg_prepared_statements',
    );
    expect(statements.rows.map((row) => row.statement)).toContain(probe);
  });

  it('keeps a statement usable after it failed, and after it was deallocated', async () => {
    const divide = 'select 10 / $1::int as q';
    keepParsed(client, divide);
    expect((await client.query(divide, [2])).rows).toEqual([{ q: 5 }]);
    // The error names the query and its values, as PGlite's own errors do.
    await expect(client.query(divide, [0])).rejects.toMatchObject({
      code: '22012',
      query: divide,
      params: [0],
    });
    expect((await client.query(divide, [5])).rows).toEqual([{ q: 2 }]);
    await client.exec('deallocate all');
    expect((await client.query(divide, [1])).rows).toEqual([{ q: 10 }]);
  });

  it('prepares a kept statement again when its rows change shape', async () => {
    await client.exec(
      'create table pglite_kept_shape (a int); insert into pglite_kept_shape values (1)',
    );
    const all = 'select * from pglite_kept_shape where a = $1';
    keepParsed(client, all);
    expect((await client.query(all, [1])).rows).toEqual([{ a: 1 }]);
    await client.exec('alter table pglite_kept_shape add column b text');
    expect((await client.query(all, [1])).rows).toEqual([{ a: 1, b: null }]);
  });

  it('runs kept statements between the statements of a transaction, never inside one', async () => {
    const count = 'select count(*)::int as n from pglite_kept_probe where v = $1';
    await client.exec('create table pglite_kept_probe (v int)');
    keepParsed(client, count);
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into pglite_kept_probe values (1)');
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.query('insert into pglite_kept_probe values (1)');
    });
    const during = Promise.all(
      Array.from({ length: 10 }, () => client.query<{ n: number }>(count, [1])),
    );
    await transaction;
    // Each read saw the table before or after the transaction, never half of it.
    for (const result of await during) expect([0, 2]).toContain(result.rows[0]!.n);
    expect((await client.query(count, [1])).rows).toEqual([{ n: 2 }]);
  });

  it('keeps at most 500 statements, closing the oldest', async () => {
    const texts = Array.from({ length: 520 }, (_, i) => `select ${i}::int + $1::int as n`);
    for (const text of texts) {
      keepParsed(client, text);
      expect((await client.query<{ n: number }>(text, [1])).rows).toEqual([
        { n: Number(text.split(' ')[1]!.split('::')[0]) + 1 },
      ]);
    }
    expect(keepsParsed(client, texts[0]!)).toBe(false);
    expect(keepsParsed(client, texts.at(-1)!)).toBe(true);
    const [{ n }] = (
      await client.query<{ n: number }>(
        "select count(*)::int as n from pg_prepared_statements where name like 'tf_kept_%'",
      )
    ).rows as [{ n: number }];
    expect(n).toBeLessThanOrEqual(500);
  });

  it('delivers the notifications a kept statement sends', async () => {
    const heard: string[] = [];
    const listening = await handle.listen('pglite_kept_probe', (payload) => heard.push(payload));
    const notify = 'select pg_notify($1, $2)';
    keepParsed(client, notify);
    await client.query(notify, ['pglite_kept_probe', 'hello']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['hello']);
    await listening.stop();
  });
});
