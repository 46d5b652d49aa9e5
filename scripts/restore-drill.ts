/**
 * `npm run db:drill [-- --url postgres://…]`: the restore drill (docs/operations.md): pg_dump of the
 * database (DATABASE_URL by default), restored into a new database beside it, every table's row
 * count and checksum compared, the copy dropped. Exits 1 when the copy differs.
 */
import { parseArgs } from 'node:util';
import { restoreDrill } from '../src/server/db/restore-drill.ts';

const { values: args } = parseArgs({ options: { url: { type: 'string' } } });
const url = args.url ?? process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('Give the database: --url postgres://… or DATABASE_URL');
  process.exit(2);
}
try {
  const report = await restoreDrill(url);
  const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `restore drill passed: ${report.tables.length} tables, ${rows} rows, the same counts and checksums; ` +
      `dump ${(report.dumpBytes / 1024).toFixed(0)} KB in ${(report.dumpMs / 1000).toFixed(1)} s, ` +
      `restore in ${(report.restoreMs / 1000).toFixed(1)} s`,
  );
} catch (error) {
  console.error(`restore drill failed: ${(error as Error).message}`);
  process.exit(1);
}
