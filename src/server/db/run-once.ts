import pg from 'pg';

/** Runs one statement on its own connection to `url` (creating or dropping a database, say) and gives its rows. */
export async function runOnce<T = unknown>(
  url: string,
  statement: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement, params)).rows as T[];
  } finally {
    await client.end();
  }
}
