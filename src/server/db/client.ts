import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { migrationsDir } from '../paths.ts';
import { createInChildProcess, hasCluster, refuseHalfMade } from './pglite-init.ts';
import { connectionRoute, type ConnectionRoute } from './primary-finder.ts';
import { createPglite, keepParsed as keepParsedOnPglite } from './pglite.ts';
import * as schema from './schema/index.ts';

/** The one database type every repository uses, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database or an open transaction: repositories accept either. */
export type Executor = Database | Transaction;
/** Runs inside a change's own transaction, seeing the row before and after (the audit log). */
export type WithinChange<T> = (tx: Transaction, before: T, after: T) => Promise<void>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `onPayload` for each NOTIFY on `channel` (from any app server on the same database),
   * until it is stopped. On PostgreSQL a dedicated connection listens and reconnects by itself.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    /** Called when a lost LISTEN connection listens again: what was sent meanwhile is missed. */
    onRelisten?: () => void,
  ): Promise<Listening>;
  close(): Promise<void>;
}

export interface Listening {
  stop(): Promise<void>;
  /**
   * Resolves once every notification of a transaction that committed before the call has been
   * delivered; rejects while the connection is lost (what was sent meanwhile is unknown).
   */
  caughtUp(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise the embedded database. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database, or `memory://` for one that lives in memory. */
  dataDir: string;
  poolSize?: number;
  /**
   * A direct connection to the same database for what needs a session of its own — LISTEN and
   * the migrations' lock — when `databaseUrl` goes through a pooler in transaction mode
   * (PgBouncer); unset: `databaseUrl`.
   */
  listenUrl?: string | undefined;
  /**
   * Named prepared statements (the search's); false for a pooler that does not keep them across
   * transactions (PgBouncer before 1.21, or without max_prepared_statements).
   */
  namedStatements?: boolean;
}

let namedStatements = true;
/**
 * The name to prepare a statement under: `name`, or none (an unnamed statement, parsed for each
 * use) when the database is reached through a pooler that keeps no statements (DatabaseOptions).
 */
export const statementName = (name: string) => (namedStatements ? name : '');

const MIGRATION_LOCK = 7_204_211;

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  namedStatements = options.namedStatements ?? true;
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.listenUrl)
    : openPglite(options.dataDir);
}

/**
 * Opens the embedded database. A new folder's database is created and migrated in a child
 * process first (db/pglite-init.ts) unless `createHere`: what PostgreSQL's initdb and the
 * migrations take of the process's memory is never given back, so the server keeps about 130 MB
 * less (docs/decisions/067-embedded-database-made-in-a-child-process.md). An in-memory one
 * starts as a copy of `from` when given (a dump of a migrated one: the API tests' apps).
 */
export async function openPglite(
  dataDir: string,
  { createHere = false, from }: { createHere?: boolean; from?: Blob } = {},
): Promise<DatabaseHandle> {
  const inMemory = dataDir === 'memory://';
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  if (!inMemory && !createHere) {
    refuseHalfMade(dataDir);
    if (!hasCluster(dataDir)) await createInChildProcess(dataDir);
  }
  const client = await createPglite(inMemory ? undefined : dataDir, { from });
  const db = await migrated(client);
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    // PGlite runs in this process and delivers a notification as its transaction commits.
    listen: async (channel, onPayload) => ({
      stop: await client.listen(channel, onPayload),
      caughtUp: () => Promise.resolve(),
    }),
    close: () => client.close(),
  };
}

/** The drizzle database on an embedded one, once the committed migrations are applied. */
async function migrated(client: PGlite) {
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder: migrationsDir });
  return db;
}

/**
 * A dump of a new in-memory database with the migrations applied, which `openPglite`'s `from`
 * copies (the API tests' apps: src/server/test/pglite-template.ts).
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = await createPglite(undefined);
  try {
    await migrated(client);
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function openPostgres(
  url: string,
  poolSize: number,
  listenUrl = url,
): Promise<DatabaseHandle> {
  // A URL may name several servers (db/primary-finder.ts); LISTEN shares the pool's route unless
  // it has a URL of its own.
  const route = connectionRoute(url);
  const listenRoute = listenUrl === url ? route : connectionRoute(listenUrl);
  // Several app servers may start together: one migrates while the others wait on the lock (a
  // session's, so on the direct connection).
  const lockClient = new listenRoute.Client({ connectionString: listenRoute.url });
  lockClient.on('error', () => undefined);
  await lockClient.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client: lockClient, casing: 'snake_case' }), {
      migrationsFolder: migrationsDir,
    });
  } finally {
    await lockClient
      .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
      .catch(() => undefined);
    await lockClient.end();
  }
  const pool = new pg.Pool({ connectionString: route.url, max: poolSize, Client: route.Client });
  // A connection the server drops while idle (restart, failover) is replaced on next use; the
  // errors it raises are expected and must not crash the process.
  const open = new Set<pg.Client>();
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    open.add(client);
    client.on('error', () => undefined);
  });
  pool.on('remove', (client) => open.delete(client));
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    listen: (channel, onPayload, onRelisten) =>
      listenPostgres(listenRoute, channel, onPayload, onRelisten),
    // pool.end() does not wait for the connections to close; callers may drop the database next.
    close: async () => {
      await pool.end();
      for (let waited = 0; open.size > 0 && waited < 2_000; waited += 10)
        await new Promise((resolve) => setTimeout(resolve, 10));
    },
  };
}

// Short enough that LISTEN follows a promoted standby within seconds (docs/reliability.md).
const RELISTEN_DELAYS_MS = [250, 1000, 2000];

/** A dedicated connection for LISTEN; after a lost connection it listens again and says so
 * (`onRelisten`), since the events sent meanwhile are missed. */
async function listenPostgres(
  route: ConnectionRoute,
  channel: string,
  onPayload: (payload: string) => void,
  onRelisten?: () => void,
): Promise<Listening> {
  const statement = `listen ${pg.escapeIdentifier(channel)}`;
  let client: pg.Client | undefined;
  let connected = false;
  let stopped = false;
  let listened = false;
  let failures = 0;
  const retry = () => {
    connected = false;
    if (stopped) return;
    const delay = RELISTEN_DELAYS_MS[Math.min(failures++, RELISTEN_DELAYS_MS.length - 1)];
    // Stopped meanwhile (the server is closing): no new connection.
    setTimeout(() => void (stopped ? undefined : connect().catch(retry)), delay).unref();
  };
  const connect = async (): Promise<void> => {
    const next = new route.Client({ connectionString: route.url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => undefined);
    client = next;
    await next.connect();
    await next.query(statement);
    failures = 0;
    connected = true;
    next.on('end', retry);
    if (listened) onRelisten?.();
    listened = true;
  };
  await connect();
  return {
    async stop() {
      stopped = true;
      connected = false;
      await client?.end().catch(() => undefined);
    },
    // The server sends a listening session its pending notifications before it answers the
    // session's next statement; LISTEN again is a no-op that keeps pg_stat_activity's text.
    async caughtUp() {
      if (!connected || !client) throw new Error('not listening: the connection was lost');
      await client.query(statement);
    },
  };
}

/**
 * Asks the database to keep a statement's text parsed between runs. PostgreSQL does so already
 * for drizzle's named prepared statements (once per connection); the embedded database does it
 * only for the texts marked here (db/pglite.ts). Outside a transaction only.
 */
export function keepParsed(db: Executor, text: string) {
  keepParsedOnPglite((db as { $client?: unknown }).$client, text);
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function selectRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The plan PostgreSQL picks for a built query (both drivers' clients answer `query(text, params)`). */
export async function explainPlan(
  db: Database,
  query: { sql: string; params: unknown[] },
  analyze = false,
): Promise<string> {
  const client = (
    db as unknown as {
      $client: {
        query(text: string, params: unknown[]): Promise<{ rows: Record<string, string>[] }>;
      };
    }
  ).$client;
  const result = await client.query(
    `explain ${analyze ? '(analyze, buffers) ' : ''}${query.sql}`,
    query.params,
  );
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}
