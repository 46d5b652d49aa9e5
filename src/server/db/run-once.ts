import pg from 'pg';

/** Runs one statement on its own connection to `url` (creating or dropping a database, say). */
export async function runOnce(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
