import { sql } from 'drizzle-orm';
import { openDatabase, selectRows } from '../../src/server/db/client.ts';
import { fillProviders } from '../../src/server/test/fill-providers.ts';
import { progress } from '../lib/scratch.ts';
import { int, ms } from '../lib/stats.ts';
import { args, N, SEED } from './options.ts';

/** Opens (and migrates) a fresh database and fills it with N synthetic providers. */
export async function openFilled(label: string, databaseUrl: string | undefined) {
  progress(`${label}: opening and migrating`);
  const openStart = performance.now();
  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  const openMs = performance.now() - openStart;
  try {
    const { db } = handle;
    const [{ version } = { version: '?' }] = await selectRows<{ version: string }>(
      db,
      sql`select version() as version`,
    );
    progress(`${label}: filling ${int(N)} providers`);
    const fill = await fillProviders(db, N, {
      seed: (SEED % 1000) / 1000,
      rebuildIndexes: !args['keep-indexes'],
    });
    progress(`${label}: filled in ${ms(fill.totalMs / 1000, 1)} s`);
    const [sizes] = await selectRows<{ table: string; indexes: string; searchIndex: string }>(
      db,
      sql`select pg_size_pretty(pg_table_size('service_providers')) as "table",
                 pg_size_pretty(pg_indexes_size('service_providers')) as "indexes",
                 pg_size_pretty(pg_relation_size('service_providers_search_idx')) as "searchIndex"`,
    );

    return {
      handle,
      openMs,
      version,
      fill,
      sizes: sizes ?? { table: '?', indexes: '?', searchIndex: '?' },
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
