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

/**
 * Read replicas of the primary (DATABASE_READ_URLS, decision 074). Each is checked every
 * `checkEveryMs`: reachable, still a standby, and its replay at most `maxLagSeconds` behind (a
 * standby that has replayed all it received is not behind, however long ago the primary last
 * wrote). One that fails is skipped until a check passes again.
 */
export function createReadReplicas(
  urls: string[],
  primary: Database,
  options: { maxLagSeconds: number; poolSize: number; checkEveryMs?: number },
): ReadReplicas {
  const replicas: Replica[] = urls.map((url, index) => {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize });
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
  const check = async (replica: Replica) => {
    try {
      const { rows } = await replica.pool.query<{ standby: boolean; lag: number | null }>(
        `select pg_is_in_recovery() as standby,
                case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
                     else extract(epoch from now() - pg_last_xact_replay_timestamp()) end::float8 as lag`,
      );
      const [{ standby, lag } = { standby: false, lag: null }] = rows;
      replica.lagSeconds = standby ? (lag ?? 0) : null;
      replica.problem = !standby
        ? 'not a standby'
        : replica.lagSeconds! > options.maxLagSeconds
          ? 'behind'
          : undefined;
    } catch {
      replica.lagSeconds = null;
      replica.problem = 'unreachable';
    }
  };
  let stopped = false;
  const checkAll = () => Promise.all(replicas.map(check));
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
