// The child process of pglite-init.ts: creates and migrates the embedded database in the folder
// it is given, then exits, taking initdb's memory with it. It stops if the server does.
import { openPglite } from './client.ts';

process.on('disconnect', () => process.exit(1));
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-init-child <data folder>');
const database = await openPglite(dataDir, { createHere: true });
await database.close();
process.exit(0);
