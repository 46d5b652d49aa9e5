import pg from 'pg';

/** A table's row count and the md5 of its rows' md5s in order (of `row::text`, TimeZone UTC). */
export interface TableChecksum {
  table: string;
  rows: number;
  checksum: string;
}

/** The statement that gives a table's count and checksum. */
export const checksumStatement = (table: string) =>
  `select count(*)::int as rows, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as checksum from ${pg.escapeIdentifier(table)} t`;

/** Every public table's count and checksum, on `client` (in its snapshot if it holds one). */
export async function tableChecksums(client: pg.Client): Promise<TableChecksum[]> {
  await client.query("set time zone 'UTC'");
  const { rows: tables } = await client.query<{ table: string }>(
    "select tablename as table from pg_tables where schemaname = 'public' order by 1",
  );
  const sums: TableChecksum[] = [];
  for (const { table } of tables) {
    const { rows } = await client.query<{ rows: number; checksum: string }>(
      checksumStatement(table),
    );
    sums.push({ table, rows: rows[0]!.rows, checksum: rows[0]!.checksum });
  }
  return sums;
}

/** What differs between two sets of checksums: a table missing on either side, or its rows. */
export function checksumDifferences(before: TableChecksum[], after: TableChecksum[]): string[] {
  const restored = new Map(after.map((sum) => [sum.table, sum]));
  const problems: string[] = [];
  for (const sum of before) {
    const other = restored.get(sum.table);
    if (!other) problems.push(`${sum.table}: missing`);
    else if (other.rows !== sum.rows || other.checksum !== sum.checksum)
      problems.push(`${sum.table}: ${sum.rows} rows before, ${other.rows} after, or other rows`);
    restored.delete(sum.table);
  }
  for (const table of restored.keys()) problems.push(`${table}: not in the original`);
  return problems;
}
