import { sql } from 'drizzle-orm';
import pg from 'pg';
import { databaseFileStorage, importUploadsFolder } from '../storage/file-storage.ts';
import { checksumStatement, type TableChecksum } from './table-checksums.ts';
import { openDatabase, openPglite, type Database } from './client.ts';
import { hasCluster } from './pglite-init.ts';

/**
 * Moves everything from the embedded database in `dataDir` into an empty PostgreSQL database
 * (`npm run db:move`, docs/operations.md, decision 072): both are brought to this version's
 * migrations, every table's rows are copied in one transaction on the target (foreign keys'
 * order, each value through its text form, which PostgreSQL reads back exactly), the sequences
 * follow, and each table's row count and checksum must match before it commits. A target with
 * any row in any table is refused.
 */
export class MoveRefused extends Error {}

/** Rows read and written per statement. */
const BATCH = 500;

const quote = (name: string) => pg.escapeIdentifier(name);

type Row = Record<string, unknown>;
const rowsOf = async (db: Database, statement: string): Promise<Row[]> => {
  const result = (await db.execute(sql.raw(statement))) as unknown as { rows: Row[] };
  return result.rows;
};

const CHECKSUM = checksumStatement;

export async function moveEmbeddedDatabase(
  dataDir: string,
  targetUrl: string,
): Promise<{ tables: TableChecksum[]; uploadsCopied: number }> {
  if (!hasCluster(dataDir))
    throw new MoveRefused(`No embedded database in ${dataDir}: give the folder of DATA_DIR`);
  await refuseNonEmpty(targetUrl);
  const source = await openPglite(dataDir);
  try {
    // Photos an earlier version kept in the folder go with the rest (decision 071).
    const uploadsCopied = await importUploadsFolder(
      dataDir,
      databaseFileStorage(source.db),
      source.db,
    );
    await (await openDatabase({ dataDir, databaseUrl: targetUrl, poolSize: 1 })).close();
    await rowsOf(source.db, "set time zone 'UTC'");
    const target = new pg.Client({ connectionString: targetUrl });
    await target.connect();
    try {
      await target.query('begin');
      await target.query("set local time zone 'UTC'");
      const tables = await tablesInOrder(source.db);
      for (const table of tables) await copyTable(source.db, target, table);
      await copySequences(source.db, target);
      const moved: TableChecksum[] = [];
      for (const table of tables) {
        const [mine] = await rowsOf(source.db, CHECKSUM(table));
        const [theirs] = (await target.query(CHECKSUM(table))).rows as Row[];
        if (mine?.rows !== theirs?.rows || mine?.checksum !== theirs?.checksum)
          throw new Error(
            `${table}: ${String(mine?.rows)} rows (${String(mine?.checksum)}) in the embedded database, ${String(theirs?.rows)} (${String(theirs?.checksum)}) copied`,
          );
        moved.push({ table, rows: Number(mine!.rows), checksum: String(mine!.checksum) });
      }
      await target.query('commit');
      return { tables: moved, uploadsCopied };
    } catch (error) {
      await target.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      await target.end();
    }
  } finally {
    await source.close();
  }
}

/** Refuses a database with a row in any of its tables (the migrations' own bookkeeping aside). */
async function refuseNonEmpty(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ schema: string; table: string }>(
      `select schemaname as schema, tablename as table from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')`,
    );
    for (const { schema, table } of rows) {
      const found = await client.query(`select 1 from ${quote(schema)}.${quote(table)} limit 1`);
      if (found.rowCount)
        throw new MoveRefused(
          `The target database is not empty (${schema}.${table} has rows): give an empty database`,
        );
    }
  } finally {
    await client.end();
  }
}

/** The public tables, each after the tables its foreign keys point to. */
async function tablesInOrder(db: Database): Promise<string[]> {
  const tables = (await rowsOf(db, "select tablename from pg_tables where schemaname = 'public'"))
    .map((row) => String(row.tablename))
    .sort();
  const edges = await rowsOf(
    db,
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of edges)
    if (child !== parent) parents.get(String(child))?.add(String(parent).replace(/^"|"$/g, ''));
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table) && [...parents.get(table)!].every((p) => placed.has(p)),
    );
    if (ready.length === 0) throw new Error('the foreign keys between tables make a cycle');
    for (const table of ready) {
      placed.add(table);
      ordered.push(table);
    }
  }
  return ordered;
}

/** Copies a table's rows, each column as text cast back to its type; generated columns are made anew. */
async function copyTable(db: Database, target: pg.Client, table: string) {
  const columns = await rowsOf(
    db,
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
       from pg_attribute a
      where a.attrelid = ${pg.escapeLiteral(`public.${quote(table)}`)}::regclass
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`,
  );
  const names = columns.map((column) => quote(String(column.name)));
  // Photos are large: fewer of them a statement.
  const batch = columns.some((column) => column.type === 'bytea') ? 20 : BATCH;
  // One pass over the table through a cursor, each row cast to text once.
  await rowsOf(db, 'begin');
  await rowsOf(
    db,
    `declare rows_out no scroll cursor for select ${names.map((name) => `${name}::text`).join(', ')} from ${quote(table)}`,
  );
  try {
    await copyBatches(db, target, table, columns, names, batch);
  } finally {
    await rowsOf(db, 'commit');
  }
}

async function copyBatches(
  db: Database,
  target: pg.Client,
  table: string,
  columns: Row[],
  names: string[],
  batch: number,
) {
  for (;;) {
    const rows = await rowsOf(db, `fetch ${batch} from rows_out`);
    if (rows.length === 0) return;
    const values: unknown[] = [];
    const tuples = rows.map((row) => {
      const cells = columns.map((column) => {
        values.push(row[String(column.name)] ?? null);
        return `$${values.length}::${String(column.type)}`;
      });
      return `(${cells.join(', ')})`;
    });
    await target.query(
      `insert into ${quote(table)} (${names.join(', ')}) values ${tuples.join(', ')}`,
      values,
    );
    if (rows.length < batch) return;
  }
}

/** Sets each sequence of the target where the embedded database's stands. */
async function copySequences(db: Database, target: pg.Client) {
  const sequences = await rowsOf(
    db,
    "select sequencename as name from pg_sequences where schemaname = 'public'",
  );
  for (const { name } of sequences) {
    const [state] = await rowsOf(
      db,
      `select last_value::text as value, is_called from ${quote(String(name))}`,
    );
    await target.query('select setval($1::regclass, $2::bigint, $3)', [
      quote(String(name)),
      state!.value,
      state!.is_called,
    ]);
  }
}
