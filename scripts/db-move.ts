/**
 * `npm run db:move -- --to postgres://…/db [--from ./data]`: moves everything from the embedded
 * database folder (DATA_DIR, ./data by default) into an empty PostgreSQL database and prints each
 * table's rows and checksum (src/server/db/move.ts; the steps: docs/operations.md). Stop the app
 * server first: the embedded database allows one process.
 */
import { parseArgs } from 'node:util';
import { MoveRefused, moveEmbeddedDatabase } from '../src/server/db/move.ts';

const { values: args } = parseArgs({
  options: {
    from: { type: 'string', default: process.env.DATA_DIR ?? './data' },
    to: { type: 'string' },
  },
});

if (!args.to || !/^postgres(ql)?:\/\//.test(args.to)) {
  console.error('Give the target: npm run db:move -- --to postgres://user@host:5432/database');
  process.exit(2);
}
if (args.from === 'memory://') {
  console.error('--from: the embedded database folder (DATA_DIR), not memory://');
  process.exit(2);
}

try {
  const { tables, uploadsCopied } = await moveEmbeddedDatabase(args.from, args.to);
  const rows = tables.reduce((sum, table) => sum + table.rows, 0);
  for (const { table, rows, checksum } of tables)
    console.log(`${table.padEnd(34)} ${String(rows).padStart(9)}  ${checksum}`);
  console.log(
    `moved ${rows} rows in ${tables.length} tables from ${args.from}; counts and checksums match` +
      (uploadsCopied ? `; ${uploadsCopied} photos from ${args.from}/uploads with them` : ''),
  );
} catch (error) {
  console.error(error instanceof MoveRefused ? error.message : error);
  process.exit(1);
}
