import {
  PGlite,
  parse,
  protocol,
  type ExecProtocolResult,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';

/**
 * The embedded database runs PostgreSQL inside the app server's process, so its shared memory is
 * the process's memory, and an in-memory database's files are too. PostgreSQL's defaults are sized
 * for a server of its own (128 MB of buffers, 16 MB WAL segments kept up to 80 MB). Here the buffer
 * cache is small: a page it misses is copied from the in-memory files or read from the OS page
 * cache of the folder's files. An in-memory database (created anew at every start) gets 1 MB WAL
 * segments and checkpoints every 16 MB, so its WAL stays a few MB however long it runs. A folder's
 * WAL is on disk, sized when the folder was created. docs/benchmarks.md ("Embedded database").
 */
const SETTINGS = ['shared_buffers=16MB', 'max_connections=10'];
const IN_MEMORY_SETTINGS = ['min_wal_size=4MB', 'max_wal_size=16MB'];
const IN_MEMORY_INITDB = ['--wal-segsize=1'];

/**
 * Opens the embedded database in `dataDir`, or in memory when it is undefined: a new one, or a
 * copy of `from`, a dump of another in-memory database (`dumpDataDir`), which skips initdb.
 */
export async function createPglite(
  dataDir: string | undefined,
  { from }: { from?: Blob } = {},
): Promise<PGlite> {
  const extensions = { cube, earthdistance };
  const inMemory = dataDir === undefined;
  if (from && !inMemory) throw new Error('only an in-memory database starts from a dump');
  const settings = [...SETTINGS, ...(inMemory ? IN_MEMORY_SETTINGS : [])];
  const client = await PGlite.create(dataDir, {
    extensions,
    startParams: [...PGlite.defaultStartParams, ...settings.flatMap((s) => ['-c', s])],
    ...(inMemory ? { initDbStartParams: IN_MEMORY_INITDB } : {}),
    ...(from ? { loadDataDir: from } : {}),
  });
  if (hasQueryInternals(client)) keepParsedStatements(client);
  return client;
}

interface Kept {
  name: string;
  /** Set once PostgreSQL has parsed it: the parameters' types and the rows' description. */
  parsed?: { parameterTypes: number[]; rowDescription: ExecProtocolResult['messages'] };
}

interface KeptStatements {
  texts: Map<string, Kept>;
  /** Statements let go (past MAX_KEPT), closed with the next statement prepared. */
  closing: string[];
}

/** Texts marked by `keepParsed` per PGlite instance (the client drizzle was given). */
const keptByClient = new WeakMap<object, KeptStatements>();
const MAX_KEPT = 500;
let statementCount = 0;

/** Whether a text runs as a named statement on this client (`keepParsed` has no effect otherwise). */
export function keepsParsed(client: unknown, text: string): boolean {
  return keptByClient.get(client as object)?.texts.has(text) ?? false;
}

/**
 * Asks the embedded database to keep a query text parsed: it then runs as a named statement, so
 * PostgreSQL parses it once, and plans it once when a generic plan is as good as one for each set
 * of values (plan_cache_mode auto, as on PostgreSQL, where drizzle names the same statements).
 * No effect for a client that is not the embedded database.
 */
export function keepParsed(client: unknown, text: string) {
  const kept = keptByClient.get(client as object);
  if (!kept || kept.texts.has(text)) return;
  if (kept.texts.size >= MAX_KEPT) {
    const [oldText, oldest] = kept.texts.entries().next().value!;
    kept.texts.delete(oldText);
    if (oldest.parsed) kept.closing.push(oldest.name);
  }
  kept.texts.set(text, { name: `tf_kept_${++statementCount}` });
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

/** The named statement is gone (DEALLOCATE) or its rows changed shape (ALTER TABLE). */
const isStale = (error: unknown) => {
  const { code, message } = error as { code?: string; message?: string };
  return code === '26000' || (code === '0A000' && /cached plan/.test(message ?? ''));
};

/**
 * What the kept statements use of PGlite beyond its documented API, as PGlite 0.5.16's own
 * `query` does: `_checkReady`, then the transaction lock and the query lock
 * (`_runExclusiveTransaction`, `_runExclusiveQuery`), `execProtocol` (throws the DatabaseError once
 * the Sync has been answered), the `serializers`/`parsers` tables, and `parse` and `protocol`
 * exports. Without those methods (another PGlite) every query takes PGlite's own path; a changed
 * behaviour shows in db/pglite.api.test.ts.
 */
function hasQueryInternals(client: PGlite) {
  return (
    ['_checkReady', '_runExclusiveTransaction', '_runExclusiveQuery', 'execProtocol'] as const
  ).every((name) => typeof client[name] === 'function');
}

/**
 * PGlite's `query` sends six protocol messages, each a call into the database, and parses and
 * plans the text every time. For the texts marked with `keepParsed` it sends Parse and Describe
 * once, then Bind, Execute and Sync in one call; everything else goes through PGlite's own path.
 * Statements run alone (not inside a transaction), under PGlite's own locks; errors carry the
 * query and its values as PGlite's own do.
 */
function keepParsedStatements(client: PGlite) {
  const kept: KeptStatements = { texts: new Map(), closing: [] };
  keptByClient.set(client, kept);
  const query = client.query.bind(client);
  const { serialize } = protocol;
  // PGlite merges a query's parsers into its own (one per array type) on every query; drizzle
  // passes the same object each time, so the merge is made once.
  const merged = new WeakMap<object, typeof client.parsers>();
  const parsersFor = (parsers: QueryOptions['parsers']) => {
    if (!parsers) return client.parsers;
    let all = merged.get(parsers);
    if (!all) merged.set(parsers, (all = { ...client.parsers, ...parsers }));
    return all;
  };

  const prepare = async (text: string, entry: Kept) => {
    const messages = [
      // Statements let go are closed in the same call.
      ...kept.closing.splice(0).map((name) => serialize.close({ type: 'S', name })),
      // A stale statement of this name is replaced (closing a missing one is no error).
      serialize.close({ type: 'S', name: entry.name }),
      serialize.parse({ name: entry.name, text }),
      serialize.describe({ type: 'S', name: entry.name }),
    ];
    const result = await client.execProtocol(concat([...messages, serialize.sync()]), {
      syncToFs: false,
    });
    entry.parsed = {
      parameterTypes: parse.parseDescribeStatementResults(result.messages),
      rowDescription: result.messages.filter((m) => m.name === 'rowDescription'),
    };
    // Let go while it waited for the lock: closed with the next one prepared.
    if (kept.texts.get(text) !== entry) kept.closing.push(entry.name);
    return entry.parsed;
  };

  const run = async <T>(text: string, entry: Kept, params: unknown[], options?: QueryOptions) => {
    const parsed = entry.parsed ?? (await prepare(text, entry));
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = client.serializers[parsed.parameterTypes[i]!];
      return serializer ? serializer(param) : String(param);
    });
    const { messages } = await client.execProtocol(
      concat([
        serialize.bind({ statement: entry.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return parse.parseResults(
      [...parsed.rowDescription, ...messages],
      parsersFor(options?.parsers),
      options?.rowMode ? { rowMode: options.rowMode } : undefined,
    )[0] as Results<T>;
  };

  client.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    const entry = kept.texts.get(text);
    if (!entry || options?.blob || options?.paramTypes || options?.serializers || options?.onNotice)
      return query<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client
        ._runExclusiveQuery(async () => {
          try {
            return await run<T>(text, entry, params, options);
          } catch (error) {
            if (!isStale(error)) throw error;
            entry.parsed = undefined;
            return await run<T>(text, entry, params, options);
          }
        })
        .catch((error: unknown) => {
          if (error instanceof Error && 'code' in error)
            Object.assign(error, { query: text, params, queryOptions: options });
          throw error;
        }),
    );
  };
}
