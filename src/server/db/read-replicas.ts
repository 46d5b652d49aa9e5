import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import type { Database } from './client.ts';

/** What health tells of one replica. */
export interface ReplicaStatus {
  /** Its place in DATABASE_READ_URLS, from 1 (health is public: no address). */
  replica: number;
  /** Used for reads now. */
  inUse: boolean;
  /** Seconds its replay is behind the primary; null when unknown (unreachable). */
  lagSeconds: number | null;
  /** Why it is skipped, when it is. */
  problem?: 'unreachable' | 'behind' | 'not a standby' | 'not checked yet';
}

export interface ReadReplicas {
  /**
   * Where a read that may be a little behind goes (searches, provider pages, summaries, the admin
   * dashboard's figures): a replica within the lag allowed, in turn, else the primary. `fresh`:
   * the reader has just written (their own change must show), so the primary.
   */
  reader(fresh?: boolean): Database;
  status(): ReplicaStatus[];
  close(): Promise<void>;
}

type Problem = NonNullable<ReplicaStatus['problem']>;

interface Replica {
  name: number;
  db: Database;
  pool: pg.Pool;
  lagSeconds: number | null;
  problem: Problem | undefined;
}

/** A WAL position (`16/B374D848`) as a number. */
const lsnOf = (text: string) => {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
};

/** How long a check may take before its replica counts as unreachable. */
const CHECK_PATIENCE_MS = 2_000;

/**
 * Read replicas of the primary (DATABASE_READ_URLS, decision 074). Every `checkEveryMs` the
 * primary's WAL position is noted with the time, and each replica's replayed position is read: its
 * lag is how long ago the primary first went past what the replica has replayed — 0 when it has
 * replayed the primary's current position, and growing for a standby cut off from the primary,
 * which has replayed all it received. One unreachable (or slower to answer than
 * CHECK_PATIENCE_MS), promoted, or more than `maxLagSeconds` behind is skipped until a check
 * passes again. A replica's queries give up after `queryTimeoutMs`.
 */
export function createReadReplicas(
  urls: string[],
  primary: Database,
  options: {
    maxLagSeconds: number;
    poolSize: number;
    checkEveryMs?: number;
    queryTimeoutMs?: number;
  },
): ReadReplicas {
  const replicas: Replica[] = urls.map((url, index) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize,
      connectionTimeoutMillis: CHECK_PATIENCE_MS,
      query_timeout: options.queryTimeoutMs ?? 10_000,
    });
    // A replica that goes away is skipped by the next check; its errors must not crash the server.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    return {
      name: index + 1,
      pool,
      db: drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database,
      lagSeconds: null,
      problem: 'not checked yet',
    };
  });
  /** The primary's WAL positions by time, as far back as a lag can matter. */
  const history: { lsn: bigint; at: number }[] = [];
  const notePrimary = async () => {
    const result = (await primary.execute(
      sql`select pg_current_wal_lsn()::text as lsn`,
    )) as unknown as { rows: { lsn: string }[] };
    const now = Date.now();
    history.push({ lsn: lsnOf(result.rows[0]!.lsn), at: now });
    const keepFrom = now - (options.maxLagSeconds + 5) * 1_000;
    while (history.length > 1 && history[0]!.at < keepFrom) history.shift();
  };
  /**
   * Seconds since the primary first went past `replayed`; null when it did so before the oldest
   * position noted (behind by an unknown time, so not used).
   */
  const lagOf = (replayed: bigint) => {
    if (history.length === 0 || replayed < history[0]!.lsn) return null;
    const ahead = history.find((entry) => entry.lsn > replayed);
    return ahead ? (Date.now() - ahead.at) / 1_000 : 0;
  };
  const check = async (replica: Replica) => {
    try {
      const answer = replica.pool.query<{ standby: boolean; replayed: string | null }>(
        'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed',
      );
      const late = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('too slow')), CHECK_PATIENCE_MS).unref(),
      );
      const { rows } = await Promise.race([answer, late]);
      const [{ standby, replayed } = { standby: false, replayed: null }] = rows;
      replica.lagSeconds = standby && replayed ? lagOf(lsnOf(replayed)) : null;
      replica.problem = !standby
        ? 'not a standby'
        : replica.lagSeconds === null || replica.lagSeconds > options.maxLagSeconds
          ? 'behind'
          : undefined;
    } catch {
      replica.lagSeconds = null;
      replica.problem = 'unreachable';
    }
  };
  let stopped = false;
  let checking = false;
  // One round at a time: a round still waiting on a replica is not joined by the next.
  const checkAll = async () => {
    if (checking || stopped) return;
    checking = true;
    try {
      await notePrimary().catch(() => undefined);
      await Promise.all(replicas.map(check));
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void checkAll(), options.checkEveryMs ?? 1_000);
  timer.unref();
  void checkAll();
  let turn = 0;
  return {
    reader(fresh = false) {
      if (fresh || stopped) return primary;
      const usable = replicas.filter((replica) => !replica.problem);
      if (usable.length === 0) return primary;
      turn = (turn + 1) % usable.length;
      return usable[turn]!.db;
    },
    status: () =>
      replicas.map(({ name, lagSeconds, problem }) => ({
        replica: name,
        inUse: !problem,
        lagSeconds,
        ...(problem ? { problem } : {}),
      })),
    async close() {
      stopped = true;
      clearInterval(timer);
      await Promise.all(replicas.map((replica) => replica.pool.end().catch(() => undefined)));
    },
  };
}
